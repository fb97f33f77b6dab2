// Regenerates docs/pdf-a4.png and docs/pdf-ticket.png (the README's pictures of both layouts) from the taxed
// invoice fixture: node --import tsx test/render/make-doc-images.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPdf } from '../../src/render/index.ts';
import { taxedInvoice } from './models.ts';

const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'facturo-doc-images-'));
try {
  for (const [format, dpi] of [
    ['a4', 90],
    ['ticket', 100],
  ] as const) {
    const pdf = join(dir, `${format}.pdf`);
    writeFileSync(pdf, await renderPdf(taxedInvoice(), format));
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      pdf,
      join(docs, `pdf-${format}`),
    ]);
    console.log(`docs/pdf-${format}.png ${(statSync(join(docs, `pdf-${format}.png`)).size / 1024).toFixed(0)} KB`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
