// POST /api/documents for hospedaje (0202) and operation 0112: SUNAT's line over HTTP — the bodies SUNAT accepts
// answer 200 and are accepted by the simulator; a date property that is no date answers 422 with SUNAT 3065 at its
// path, a 0112 factura without a line 84121901/80131501 answers 422 with SUNAT 3181 at `items`.
import { describe, expect, it } from 'vitest';
import { fixtureBody, useApi } from './helpers.ts';

const api = useApi();

describe('hospedaje 0202 item properties (SUNAT 3065/3135)', () => {
  it('the 31-hotel body is accepted (200, state 05)', async () => {
    const res = await api.post('/api/documents', fixtureBody('31-hotel.json'));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data.state_type_id).toBe('05');
  });
  it('a check-out date 4004 that is no date answers 422 with 3065 at its path', async () => {
    const body = fixtureBody('31-hotel.json');
    body.items[0].datos_adicionales[4].valor = 'el martes';
    const res = await api.post('/api/documents', body);
    expect(res.status).toBe(422);
    expect(res.json.errors).toContainEqual(
      expect.objectContaining({ path: 'items[0].datos_adicionales[4].valor', sunat_rule: '3065' }),
    );
  });
});

describe('operation 0112 (SUNAT 3181)', () => {
  it('the 32-deductible-lease body is accepted; without its product code it answers 422 with 3181 at items', async () => {
    const ok = await api.post('/api/documents', fixtureBody('32-deductible-lease.json'));
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.state_type_id).toBe('05');
    const body = fixtureBody('32-deductible-lease.json');
    delete body.items[0].codigo_producto_sunat;
    const res = await api.post('/api/documents', body);
    expect(res.status).toBe(422);
    expect(res.json.errors).toContainEqual(expect.objectContaining({ path: 'items', sunat_rule: '3181' }));
  });
});
