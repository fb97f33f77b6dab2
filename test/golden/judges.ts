// The outside judges of an emitted document: xmllint against SUNAT's UBL 2.1 XSD and xmlsec1 for the signature.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, XSD_MAINDOC } from '../fixtures/invoices.ts';

export const TEST_CERT = join(REPO_ROOT, 'test/fixtures/keys/test-cert.pem');

/** Validates signed documents in one xmllint run per root; returns the failures by name ('' when valid). */
export function xsdFailures(dir: string, docs: { name: string; root: string; signed: string }[]): Map<string, string> {
  const failures = new Map<string, string>();
  for (const root of new Set(docs.map((d) => d.root))) {
    const group = docs.filter((d) => d.root === root);
    const paths = group.map((d) => {
      const p = join(dir, `${d.name}.xml`);
      writeFileSync(p, d.signed);
      return p;
    });
    const res = spawnSync('xmllint', ['--noout', '--schema', join(XSD_MAINDOC, `UBL-${root}-2.1.xsd`), ...paths], { encoding: 'utf8' });
    group.forEach((d, i) => {
      const p = paths[i];
      const errors = res.stderr.split('\n').filter((l) => l.startsWith(p) && !l.endsWith(' validates'));
      if (errors.length || !res.stderr.includes(`${p} validates`)) failures.set(d.name, errors.join('\n') || res.stderr);
    });
  }
  return failures;
}

/** xmlsec1 --verify with the test certificate: true when the signature holds. */
export function xmlsecVerifies(path: string): { ok: boolean; output: string } {
  const res = spawnSync('xmlsec1', ['--verify', '--trusted-pem', TEST_CERT, path], { encoding: 'utf8' });
  return { ok: res.status === 0, output: res.stderr };
}
