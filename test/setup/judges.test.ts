// npm test's first check: the outside tools that judge our XML, signatures and PDFs are on PATH, or the run stops
// naming the missing ones (test/setup/global-setup.ts).
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingJudges } from './global-setup.ts';

function binDir(tools: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'facturo-judges-'));
  for (const tool of tools) {
    writeFileSync(join(dir, tool), '#!/bin/sh\n');
    chmodSync(join(dir, tool), 0o755);
  }
  return dir;
}

describe('the outside judges', () => {
  it('names exactly the tools no PATH directory holds', () => {
    const some = binDir(['xmllint', 'zbarimg']);
    const more = binDir(['pdftotext']);
    expect(missingJudges([some, more].join(delimiter))).toEqual(['xmlsec1', 'pdftoppm']);
    expect(missingJudges('')).toEqual(['xmllint', 'xmlsec1', 'pdftotext', 'pdftoppm', 'zbarimg']);
  });

  it('finds every one of them on this machine (the suite runs them)', () => {
    expect(missingJudges()).toEqual([]);
  });
});
