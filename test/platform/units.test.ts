// Small platform pieces: error factories, sealed secrets, disk storage, tokens,
// hosts.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, errors, MAX_ERROR_ITEMS } from '../../src/platform/errors.ts';
import { classifyHost, normalizeHost } from '../../src/platform/http/hosts.ts';
import { renderError, toAppError } from '../../src/platform/http/error-handler.ts';
import { formatPath } from '../../src/core/issues.ts';
import { createSecretBox, SecretError } from '../../src/platform/secrets.ts';
import { createDiskStorage, StorageKeyError } from '../../src/platform/storage.ts';
import { bearerToken, hashesEqual, hashToken, issueToken } from '../../src/platform/tokens.ts';

describe('errors', () => {
  it('fromIssues: one shared code becomes the top-level code; mixed codes are validation_failed; messages name the path', () => {
    const same = errors.fromIssues([
      {
        path: 'totales.total_venta',
        code: 'totals_mismatch',
        message: 'El total no cuadra',
        expected: '118.00',
        received: '118.10',
        sunatRule: '3277',
      },
      { path: 'items[2].total_igv', code: 'totals_mismatch', message: 'IGV de la línea' },
    ]);
    expect(same).toBeInstanceOf(AppError);
    expect(renderError(same)).toEqual({
      success: false,
      code: 'totals_mismatch',
      message: 'totales.total_venta: El total no cuadra (y 1 error más)',
      errors: [
        {
          path: 'totales.total_venta',
          code: 'totals_mismatch',
          message: 'totales.total_venta: El total no cuadra',
          expected: '118.00',
          received: '118.10',
          sunat_rule: '3277',
        },
        { path: 'items[2].total_igv', code: 'totals_mismatch', message: 'items[2].total_igv: IGV de la línea' },
      ],
    });
    expect(same.status).toBe(422);
    const mixed = errors.fromIssues([
      { path: 'serie_documento', code: 'series_invalid', message: 'Serie inválida' },
      { path: 'items[0].codigo_tipo_afectacion_igv', code: 'catalog_code_invalid', message: 'Código inválido' },
    ]);
    expect([mixed.code, mixed.message]).toEqual([
      'validation_failed',
      'serie_documento: Serie inválida (y 1 error más)',
    ]);
  });

  it('every 422 message begins with the path of its field, once, and a body-level one stays as it is', () => {
    const one = errors.unprocessable('plan_not_found', 'No existe el plan 9.', [
      { path: 'plan_id', code: 'plan_not_found', message: 'Plan inexistente.' },
    ]);
    expect([one.message, one.errors[0].message]).toEqual([
      'plan_id: No existe el plan 9.',
      'plan_id: Plan inexistente.',
    ]);
    const named = errors.unprocessable('x', 'plan_id: ya dice su campo', [
      { path: 'plan_id', code: 'x', message: 'm' },
    ]);
    expect(named.message).toBe('plan_id: ya dice su campo');
    const body = errors.validation([{ path: '', code: 'validation_failed', message: 'El cuerpo debe ser un objeto.' }]);
    expect(body.message).toBe('El cuerpo debe ser un objeto.');
  });

  it('factories carry status, code and headers', () => {
    expect(errors.unauthorized()).toMatchObject({
      status: 401,
      code: 'unauthenticated',
      message: 'No se encuentra autenticado',
    });
    expect(errors.tooManyRequests(2.2)).toMatchObject({
      status: 429,
      code: 'rate_limited',
      headers: { 'retry-after': '3' },
    });
    expect(errors.methodNotAllowed(['GET', 'HEAD'])).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
    expect(errors.conflict('document_already_exists', 'Ya existe')).toMatchObject({
      status: 409,
      code: 'document_already_exists',
    });
  });

  it('lists at most MAX_ERROR_ITEMS errors, schema problems or document issues, while the message counts them all', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ path: `items[${i}]`, code: 'x', message: `Línea ${i}` }));
    const named = many.map((m) => ({ ...m, message: `${m.path}: ${m.message}` }));
    for (const e of [errors.validation(many), errors.fromIssues(many)]) {
      expect(e.status).toBe(422);
      expect(e.errors).toEqual(named.slice(0, MAX_ERROR_ITEMS));
      expect(e.message).toBe('items[0]: Línea 0 (y 249 errores más)');
    }
    expect(errors.fromIssues(many).code).toBe('x');
    expect(errors.validation(many.slice(0, 2)).errors).toHaveLength(2);
  });

  it('never turns an unknown failure into anything but a bare 500', () => {
    const e = toAppError(new Error('password=hunter2'), 1024);
    expect([e.status, e.code]).toEqual([500, 'internal_error']);
    expect(e.message).not.toContain('hunter2');
  });

  it('writes paths as the contract does', () => {
    expect(formatPath(['items', 2, 'total_igv'])).toBe('items[2].total_igv');
    expect(formatPath([0, 'a'])).toBe('[0].a');
    expect(formatPath([])).toBe('');
  });
});

describe('secrets', () => {
  const box = createSecretBox(Buffer.alloc(32, 9));
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const a = box.seal('clave SOL ñ');
    const b = box.seal('clave SOL ñ');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
    expect(box.open(a)).toBe('clave SOL ñ');
  });
  it('detects tampering and a wrong key', () => {
    const sealed = box.seal('secreto');
    const parts = sealed.split(':');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([...parts.slice(0, 3), flipped.toString('base64url')].join(':'))).toThrow(SecretError);
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed)).toThrow(SecretError);
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow();
  });
});

describe('disk storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'facturo-storage-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('puts, gets, checks and deletes under STORAGE_DIR/<tenant>/<key>', async () => {
    const storage = createDiskStorage(root);
    const key = 'signed/20123456786-01-F001-1.xml';
    expect(await storage.exists('t_acme', key)).toBe(false);
    expect(await storage.get('t_acme', key)).toBeNull();
    await storage.put('t_acme', key, '<Invoice/>');
    expect((await storage.get('t_acme', key))!.toString()).toBe('<Invoice/>');
    expect(await storage.exists('t_acme', key)).toBe(true);
    expect(await storage.exists('t_other', key)).toBe(false);
    await storage.put('t_acme', key, Buffer.from('<Invoice>2</Invoice>'));
    expect((await storage.get('t_acme', key))!.toString()).toBe('<Invoice>2</Invoice>');
    // No temporary file is left behind after the atomic rename.
    expect(await readdir(join(root, 't_acme', 'signed'))).toEqual(['20123456786-01-F001-1.xml']);
    await storage.delete('t_acme', key);
    await storage.delete('t_acme', key);
    expect(await storage.exists('t_acme', key)).toBe(false);
  });

  it('writes an unflushed file the same way: atomic, and into a folder removed behind its back', async () => {
    const storage = createDiskStorage(root);
    const key = 'xml/20123456786-01-F001-2.xml';
    await storage.put('t_acme', key, '<Invoice>1</Invoice>', { durable: false });
    await rm(join(root, 't_acme', 'xml'), { recursive: true });
    await storage.put('t_acme', key, '<Invoice>2</Invoice>', { durable: false });
    expect((await storage.get('t_acme', key))!.toString()).toBe('<Invoice>2</Invoice>');
    await storage.put('t_acme', key, Buffer.from('<Invoice>3</Invoice>'), { durable: false });
    expect((await storage.get('t_acme', key))!.toString()).toBe('<Invoice>3</Invoice>');
    expect(await readdir(join(root, 't_acme', 'xml'))).toEqual(['20123456786-01-F001-2.xml']);
    await expect(storage.put('t_acme', '../x.xml', 'x', { durable: false })).rejects.toThrow(StorageKeyError);
  });

  it('refuses keys that would leave the tenant folder', async () => {
    const storage = createDiskStorage(root);
    for (const key of ['../t_other/x.xml', '/etc/passwd', 'a/../../b', '', 'signed/.hidden', 'a//b']) {
      await expect(storage.put('t_acme', key, 'x'), key).rejects.toThrow(StorageKeyError);
    }
    await expect(storage.get('../x', 'a.xml')).rejects.toThrow(StorageKeyError);
  });
});

describe('tokens', () => {
  it('issues 256-bit tokens and compares their hashes in constant time', () => {
    const a = issueToken();
    const b = issueToken();
    expect(a.token).not.toBe(b.token);
    expect(Buffer.from(a.token.slice(4), 'base64url')).toHaveLength(32);
    expect(a.hash).toBe(hashToken(a.token));
    expect(hashesEqual(a.hash, hashToken(a.token))).toBe(true);
    expect(hashesEqual(a.hash, b.hash)).toBe(false);
    expect(hashesEqual(a.hash, 'zz')).toBe(false);
  });
  it('reads Bearer tokens only', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
  });
});

describe('hosts', () => {
  const settings = { appDomain: 'localhost', adminHost: 'admin.localhost' };
  it('classifies admin, tenant and other hosts, ignoring port and case', () => {
    expect(classifyHost(normalizeHost('admin.localhost:3000'), settings)).toBe('admin');
    expect(classifyHost(normalizeHost('Demo.LocalHost:3000'), settings)).toBe('tenant');
    expect(classifyHost(normalizeHost('demo.localhost.'), settings)).toBe('tenant');
    expect(classifyHost(normalizeHost('localhost:3000'), settings)).toBe('other');
    expect(classifyHost(normalizeHost('a.b.localhost'), settings)).toBe('other');
    expect(classifyHost(normalizeHost('[::1]:3000'), settings)).toBe('other');
    expect(classifyHost(normalizeHost(undefined), settings)).toBe('other');
    expect(classifyHost('acme.facturo.pe', { appDomain: 'facturo.pe', adminHost: 'panel.facturo.pe' })).toBe('tenant');
    expect(classifyHost('panel.facturo.pe', { appDomain: 'facturo.pe', adminHost: 'panel.facturo.pe' })).toBe('admin');
  });
});

describe('passwords', () => {
  it('hashes with argon2id (PHC format, salted) and verifies', async () => {
    const { hashPassword, verifyPassword } = await import('../../src/platform/passwords.ts');
    const a = await hashPassword('contraseña segura');
    const b = await hashPassword('contraseña segura');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'contraseña segura')).toBe(true);
    expect(await verifyPassword(a, 'contraseña segurA')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    // Written by the native `argon2` package (node-argon2 0.45, m=64 MiB, t=3, p=4): the formats agree.
    const reference =
      '$argon2id$v=19$m=65536,p=4,t=3$c29tZXNhbHRzb21lc2FsdA$gduXp+Z6iReEolmbyHn5V8s1EtJzmEvZfYoY/Fn/AeI';
    expect(await verifyPassword(reference, 'password')).toBe(true);
  });
});
