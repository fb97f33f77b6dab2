// A process with the guard installed (run by process-guard.test.ts): a library's asynchronous throw inside contained
// work — real pdfkit and png-js, given a PNG whose pixel data is not zlib — fails that work only; an unhandled
// rejection is logged and survived; then an uncontained throw stops the process with exit code 1.
import zlib from 'node:zlib';
import { ihdr, pngFile } from '../../bench/hostile-uploads.ts';
import { contain } from '../../src/runtime/containment.ts';
import { installProcessGuard } from '../../src/runtime/process-guard.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
installProcessGuard({
  log: { error: (_o, message) => say(`log error: ${message}`), fatal: (_o, message) => say(`log fatal: ${message}`) },
  onFatal: () => {
    say('onFatal');
    setTimeout(() => process.exit(), 20);
  },
});

const outcome = (work: Promise<unknown>) =>
  work.then(
    (value) => `resolved ${String(value)}`,
    (error: Error) => `rejected: ${error.message}`,
  );

say(
  `zlib callback: ${await outcome(
    contain(
      () =>
        new Promise((resolve) => {
          zlib.inflate(Buffer.from('not zlib'), (error) => {
            if (error) throw error;
            resolve('inflated');
          });
        }),
    ),
  )}`,
);

const PDFDocument = (await import('pdfkit')).default;
const rgbaNotZlib = pngFile(ihdr(1, 1, 8, 6), Buffer.from('this is not zlib data at all'));
say(
  `pdfkit with png-js: ${await outcome(
    contain(
      () =>
        new Promise<Buffer>((resolve, reject) => {
          const doc = new PDFDocument();
          const chunks: Buffer[] = [];
          doc.on('data', (c: Buffer) => chunks.push(c));
          doc.on('end', () => resolve(Buffer.concat(chunks)));
          doc.on('error', reject);
          doc.image(rgbaNotZlib, 0, 0);
          doc.end();
        }),
    ),
  )}`,
);

void Promise.reject(new Error('nobody awaits this'));
await new Promise((resolve) => setTimeout(resolve, 50));
say('alive');
setTimeout(() => {
  throw new Error('uncontained');
}, 10);
