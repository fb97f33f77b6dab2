// npm run bench:pdf — milliseconds per PDF (pdfkit, vector QR), one core: A4 with 3 and 50 lines, the 80 mm
// ticket, a 120-line A4 (3 pages), and the API's QR PNG. Options: --seconds=N per case (default 2), --quick.
import { cpus, totalmem } from 'node:os';
import { renderPdf, renderQrPng, type PdfFormat, type PrintModel } from '../src/render/index.ts';
import { longInvoice, taxedInvoice } from '../test/render/models.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const quick = args.has('quick');
const seconds = Number(args.get('seconds') ?? (quick ? 0.5 : 2));

async function measure(fn: () => Promise<unknown>): Promise<{ ms: number; p95: number; n: number }> {
  const warmUntil = performance.now() + Math.min(500, seconds * 250);
  while (performance.now() < warmUntil) await fn();
  const samples: number[] = [];
  const stop = performance.now() + seconds * 1000;
  while (performance.now() < stop) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  return { ms: mean, p95: samples[Math.floor(samples.length * 0.95)], n: samples.length };
}

const noLogo = (m: PrintModel): PrintModel => ({ ...m, issuer: { ...m.issuer, logoBase64: undefined } });

const cases: { name: string; model: PrintModel; format: PdfFormat }[] = [
  { name: 'A4, 3 lines', model: noLogo(taxedInvoice()), format: 'a4' },
  { name: 'A4, 3 lines + PNG logo', model: taxedInvoice(), format: 'a4' },
  { name: 'A4, 50 lines (2 pages)', model: longInvoice(50), format: 'a4' },
  { name: 'A4, 120 lines (3 pages)', model: longInvoice(120), format: 'a4' },
  { name: 'ticket, 3 lines', model: noLogo(taxedInvoice()), format: 'ticket' },
  { name: 'ticket, 50 lines', model: longInvoice(50), format: 'ticket' },
];

console.log(
  `CPU: ${cpus()[0]?.model ?? 'unknown'} (${cpus().length} logical cores), RAM ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
);
console.log(`${seconds} s per case, single-threaded loop\n`);
console.log('case'.padEnd(28) + 'ms/PDF'.padStart(9) + 'p95'.padStart(9) + 'PDFs/s'.padStart(9) + 'KB'.padStart(8));
for (const c of cases) {
  const size = (await renderPdf(c.model, c.format)).length;
  const r = await measure(() => renderPdf(c.model, c.format));
  console.log(
    c.name.padEnd(28) +
      r.ms.toFixed(2).padStart(9) +
      r.p95.toFixed(2).padStart(9) +
      (1000 / r.ms).toFixed(0).padStart(9) +
      (size / 1024).toFixed(1).padStart(8),
  );
}
const qrText = taxedInvoice().qrText;
const qr = await measure(() => renderQrPng(qrText));
console.log(
  'QR PNG 150 px (data.qr)'.padEnd(28) +
    qr.ms.toFixed(2).padStart(9) +
    qr.p95.toFixed(2).padStart(9) +
    (1000 / qr.ms).toFixed(0).padStart(9) +
    ((await renderQrPng(qrText)).length / 1024).toFixed(1).padStart(8),
);
