// `npx facturo xml <body.json>` prints a signed XML anyone can inspect: XSD-valid, verified by xmlsec1 (with the
// given certificate) or by our verifier (with a development certificate generated on the fly).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runXml, substitutePlaceholders, type XmlCommandIo } from '../../src/cli/commands/xml.ts';
import { limaToday } from '../../src/pipeline/deps.ts';
import { verifyXmlSignature } from '../../src/core/signing.ts';
import { FIXTURES, REPO_ROOT, TODAY, XSD_MAINDOC } from '../fixtures/invoices.ts';
import { signatureErrors, xsdErrors } from '../golden/judges.ts';

const KEYS = join(REPO_ROOT, 'test/fixtures/keys');
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'facturo-xml-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function io(now = new Date(Date.UTC(2025, 5, 16, 15, 0, 0))): XmlCommandIo & { out: string; err: string } {
  const state = {
    out: '',
    err: '',
    stdout: (t: string) => {
      state.out += t;
    },
    stderr: (t: string) => {
      state.err += t;
    },
    readText: (p: string) => readFileSync(p, 'utf8'),
    readBytes: (p: string) => readFileSync(p),
    listJson: () => null,
    writeText: (p: string, text: string) => writeFileSync(p, text),
    now: () => now,
  };
  return state;
}

describe('facturo xml', () => {
  it('signs a fixture with the given key and certificate: xmllint and xmlsec1 accept it', async () => {
    const s = io();
    const code = await runXml(
      [
        join(FIXTURES, 'invoices/13-detraction.json'),
        '--key',
        join(KEYS, 'test-key.pem'),
        '--cert',
        join(KEYS, 'test-cert.pem'),
        '--today',
        TODAY,
        '--number',
        '42',
      ],
      s,
    );
    expect(code, s.err).toBe(0);
    expect(s.out).toContain('<cbc:ID>F001-42</cbc:ID>');
    expect(s.out).toContain(`<cbc:IssueDate>${TODAY}</cbc:IssueDate>`);
    expect(s.err).toMatch(/archivo: 20000000001-01-F001-42\.xml/);
    expect(s.err).toMatch(
      /qr: 20000000001\|01\|F001\|42\|1197\.68\|7851\.48\|2025-06-16\|6\|20600924819\|[A-Za-z0-9+/=]{28}\|/,
    );
    const file = join(dir, 'signed.xml');
    writeFileSync(file, s.out);
    expect(xsdErrors(readFileSync(file), join(XSD_MAINDOC, 'UBL-Invoice-2.1.xsd'))).toBe('');
    expect(signatureErrors(readFileSync(file), readFileSync(join(KEYS, 'test-cert.pem'), 'utf8'))).toBe('');
  });

  it('without a key, signs with a development certificate generated on the fly (and says so)', async () => {
    const s = io();
    const code = await runXml([join(FIXTURES, 'invoices/26-credit-note.json'), '--today', TODAY], s);
    expect(code, s.err).toBe(0);
    expect(s.err).toMatch(/certificado de desarrollo/);
    expect(verifyXmlSignature(s.out)).toMatchObject({ valid: true });
    expect(s.out).toContain('<CreditNote ');
  });

  it('reads a PFX with its password and can sign with RSA-SHA256', async () => {
    const s = io();
    const code = await runXml(
      [
        join(FIXTURES, 'invoices/25-boleta.json'),
        '--pfx',
        join(KEYS, 'test-legacy.pfx'),
        '--password',
        '123456',
        '--today',
        TODAY,
        '--sha256',
      ],
      s,
    );
    expect(code, s.err).toBe(0);
    expect(s.out).toContain('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    const file = join(dir, 'boleta.xml');
    writeFileSync(file, s.out);
    expect(signatureErrors(readFileSync(file), readFileSync(join(KEYS, 'test-cert.pem'), 'utf8'))).toBe('');
  });

  it('prints the issues of an invalid body in Spanish and exits 1, with no XML', async () => {
    const s = io();
    const code = await runXml([join(FIXTURES, 'invalid/14-series-x001.json'), '--today', TODAY], s);
    expect(code).toBe(1);
    expect(s.out).toBe('');
    expect(s.err).toMatch(/error series_invalid serie_documento: La serie "X001"/);
  });

  it('uses today in Lima by default (UTC−5: 03:00 UTC is still yesterday)', async () => {
    expect(limaToday(new Date(Date.UTC(2025, 5, 17, 3, 0, 0)))).toBe('2025-06-16');
    const s = io(new Date(Date.UTC(2025, 5, 17, 3, 0, 0)));
    const code = await runXml(
      [
        join(FIXTURES, 'invoices/01-taxed.json'),
        '--key',
        join(KEYS, 'test-key.pem'),
        '--cert',
        join(KEYS, 'test-cert.pem'),
      ],
      s,
    );
    expect(code, s.err).toBe(0);
    expect(s.out).toContain('<cbc:IssueDate>2025-06-16</cbc:IssueDate>');
    expect(substitutePlaceholders('"${TODAY+30}" "${TODAY-1}"', '2025-06-16')).toBe('"2025-07-16" "2025-06-15"');
  });

  it('explains its usage on wrong arguments', async () => {
    const s = io();
    expect(await runXml([], s)).toBe(2);
    expect(s.err).toMatch(/Uso: facturo xml/);
    expect(await runXml(['a.json', '--key', 'k.pem'], io())).toBe(2);
  });

  it('runs as `facturo xml` through the real CLI entry point', () => {
    const res = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, 'bin/facturo.mjs'),
        'xml',
        join(FIXTURES, 'invoices/01-taxed.json'),
        '--key',
        join(KEYS, 'test-key.pem'),
        '--cert',
        join(KEYS, 'test-cert.pem'),
        '--today',
        TODAY,
      ],
      { encoding: 'utf8', cwd: REPO_ROOT },
    );
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<Invoice ')).toBe(true);
    expect(res.stdout).toContain('<ds:DigestValue>');
  });
});
