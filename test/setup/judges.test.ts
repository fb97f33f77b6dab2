// npm test's judges: they come from npm, and the Debian tools on PATH are named as the second opinions the run has
// (test/setup/global-setup.ts); none of them is required.
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onPath } from '../helpers/system-tools.ts';
import { missingJudges } from './global-setup.ts';

function binDir(tools: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'facturo-judges-'));
  for (const tool of tools) {
    writeFileSync(join(dir, tool), '#!/bin/sh\n');
    chmodSync(join(dir, tool), 0o755);
  }
  return dir;
}

describe('the second opinions', () => {
  it('names exactly the tools no PATH directory holds', () => {
    const some = binDir(['xmllint', 'zbarimg', 'pdfinfo', 'pdfimages', 'openssl']);
    const more = binDir(['pdftotext']);
    expect(missingJudges([some, more].join(delimiter))).toEqual(['xmlsec1', 'pdftoppm']);
    expect(missingJudges('')).toEqual([
      'xmllint',
      'xmlsec1',
      'pdftotext',
      'pdftoppm',
      'pdfinfo',
      'pdfimages',
      'zbarimg',
      'openssl',
    ]);
  });

  it('the npm judges load without any of them', async () => {
    await expect(import('libxml2-wasm')).resolves.toHaveProperty('XsdValidator');
    await expect(import('xml-crypto')).resolves.toHaveProperty('SignedXml');
    await expect(import('pdfjs-dist/legacy/build/pdf.mjs')).resolves.toHaveProperty('getDocument');
    await expect(import('zxing-wasm/reader')).resolves.toHaveProperty('readBarcodes');
  });
});

// .ci/run sets it: there both judges must have run, so every second opinion must be installed.
describe.runIf(process.env.FACTURO_REQUIRE_SECOND_OPINIONS === '1')('in CI', () => {
  it('finds every second opinion on PATH, and curl for the README path', () => {
    expect(missingJudges()).toEqual([]);
    expect(onPath('curl')).toBe(true);
  });
});
