// POST /api/documents and /api/perceptions without fecha_de_emision: issued today in Lima at the current Lima
// time; explicit dates as before; a repeated body without date is still the same document (explicit number,
// Idempotency-Key), even on another day.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { limaTime, limaToday } from '../../../src/pipeline/deps.ts';
import { REPO_ROOT, shiftDate } from '../../fixtures/invoices.ts';
import { pathOf, useApi, type Body } from './helpers.ts';

const api = useApi();

function example(path: string, patch: Body = {}): Body {
  return { ...JSON.parse(readFileSync(join(REPO_ROOT, 'examples', path), 'utf8')), ...patch };
}

const seconds = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0);

async function xmlOf(issued: { json: any }): Promise<string> {
  return (await api.get(pathOf(issued.json.links.xml))).body.toString('utf8');
}

describe('without fecha_de_emision', () => {
  it('a factura is issued today in Lima, at the current Lima time', async () => {
    const before = limaTime();
    const res = await api.post('/api/documents', example('invoices/01-taxed.json'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.state_type_id).toBe('05');
    const xml = await xmlOf(res);
    expect(xml).toContain(`<cbc:IssueDate>${limaToday()}</cbc:IssueDate>`);
    const time = /<cbc:IssueTime>([^<]+)<\/cbc:IssueTime>/.exec(xml)?.[1] ?? '';
    expect(time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    // Same clock, a few seconds apart (modulo midnight).
    expect((seconds(time) - seconds(before) + 86_400) % 86_400).toBeLessThan(60);
    const row = await api.tenant.db.document.findUniqueOrThrow({
      where: { externalId: res.json.data.external_id },
      select: { issueDate: true, issueTime: true },
    });
    expect(row.issueDate.toISOString().slice(0, 10)).toBe(limaToday());
    expect(row.issueTime).toBe(time);
  });

  it('a perception is issued today in Lima', async () => {
    const res = await api.post('/api/perceptions', example('perceptions/01-pen.json'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.state_type_id).toBe('05');
    expect(await xmlOf(res)).toContain(`<cbc:IssueDate>${limaToday()}</cbc:IssueDate>`);
  });
});

describe('with fecha_de_emision', () => {
  it('keeps the date and time sent', async () => {
    const yesterday = shiftDate(limaToday(), -1);
    const res = await api.post(
      '/api/documents',
      example('invoices/25-boleta.json', { fecha_de_emision: yesterday, hora_de_emision: '09:41:07' }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const xml = await xmlOf(res);
    expect(xml).toContain(`<cbc:IssueDate>${yesterday}</cbc:IssueDate>`);
    expect(xml).toContain('<cbc:IssueTime>09:41:07</cbc:IssueTime>');
  });

  it('refuses a future date or a date without time with a 422 that consumes no number', async () => {
    const body = example('invoices/02-not-sent.json', { serie_documento: 'F061' });
    const future = await api.post('/api/documents', {
      ...body,
      fecha_de_emision: shiftDate(limaToday(), 1),
      hora_de_emision: '10:00:00',
    });
    expect(future.status).toBe(422);
    expect(future.json.errors).toContainEqual(
      expect.objectContaining({ path: 'fecha_de_emision', code: 'issue_date_out_of_range' }),
    );
    // IssueTime is optional for SUNAT: a date without a time is issued at 00:00:00.
    const untimed = await api.post('/api/documents', { ...body, fecha_de_emision: limaToday() });
    expect(untimed.status, JSON.stringify(untimed.json)).toBe(200);
    expect(untimed.json.data.number).toBe('F061-1');
    const first = await api.post('/api/documents', body);
    expect(first.json.data.number).toBe('F061-2');
  });
});

describe('a repeated body without date', () => {
  it('with an explicit number is the same document, today and tomorrow', async () => {
    const body = example('invoices/06-contingency.json', { serie_documento: '0061' });
    const first = await api.post('/api/documents', body);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const again = await api.post('/api/documents', body);
    expect(again.json.data).toMatchObject({ external_id: first.json.data.external_id, was_duplicate: true });
    const other = await api.post('/api/documents', { ...body, informacion_adicional: 'otro' });
    expect(other.status).toBe(409);
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 86_400_000);
      const tomorrow = await api.post('/api/documents', body);
      expect(tomorrow.json.data).toMatchObject({ external_id: first.json.data.external_id, was_duplicate: true });
    } finally {
      vi.useRealTimers();
    }
  });

  it('with the same Idempotency-Key is the stored answer', async () => {
    const body = example('invoices/02-not-sent.json');
    const headers = { 'idempotency-key': 'fecha-por-defecto-1' };
    const first = await api.post('/api/documents', body, headers);
    expect(first.status).toBe(200);
    const replay = await api.post('/api/documents', body, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json.data.external_id).toBe(first.json.data.external_id);
  });
});
