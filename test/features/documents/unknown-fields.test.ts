// Keys a body does not know are never dropped in silence: over HTTP, a misspelt key of a document is a warning
// `unknown_field` naming its path with "¿Quiso decir…?", inside `acciones` (which decides what reaches SUNAT) it is a
// 422 that signs, stores, numbers and sends nothing, and what FacturadorPro clients send that we ignore on purpose
// is known, not unknown. Real PostgreSQL, real SOAP to the in-process simulator.
import { describe, expect, it } from 'vitest';
import { fixtureBody, useApi, type Body } from './helpers.ts';

const api = useApi();

/** Every SOAP request the simulator received, whatever its operation. */
function soapRequests(): number {
  const { requests } = api.ctx.app.platform.sunatSimulator!.stats();
  return Object.values(requests).reduce((a, b) => a + b, 0);
}

async function lastNumber(serie: string): Promise<number | null> {
  const row = await api.tenant.db.series.findUnique({
    where: { documentType_serie: { documentType: '01', serie } },
  });
  return row?.lastNumber ?? null;
}

const warningsAt = (json: any, code = 'unknown_field') =>
  Object.fromEntries(
    (json.warnings as { path: string; code: string; message: string }[])
      .filter((w) => w.code === code)
      .map((w) => [w.path, w.message]),
  );

describe('a misspelt key inside acciones', () => {
  it('is a 422 naming the key and its fix: nothing signed, stored, numbered or sent to SUNAT', async () => {
    // A first factura gives the series a number, so that "no number consumed" compares a real counter.
    expect((await api.post('/api/documents', fixtureBody('01-taxed.json'))).status).toBe(200);
    const before = {
      soap: soapRequests(),
      number: await lastNumber('F001'),
      rows: await api.tenant.db.document.count(),
    };
    const body: Body = { ...fixtureBody('01-taxed.json'), acciones: { enviar_xml_firmdo: false } };

    const res = await api.post('/api/documents', body);

    expect(res.status).toBe(422);
    expect(res.json.code).toBe('unknown_field');
    expect(res.json.errors).toEqual([
      expect.objectContaining({ path: 'acciones.enviar_xml_firmdo', code: 'unknown_field' }),
    ]);
    expect(res.json.message).toMatch(/^acciones\.enviar_xml_firmdo: /);
    expect(res.json.message).toContain('¿Quiso decir "enviar_xml_firmado"?');
    expect(soapRequests()).toBe(before.soap);
    expect(await lastNumber('F001')).toBe(before.number);
    expect(await api.tenant.db.document.count()).toBe(before.rows);
  });

  it('is refused in a perception too, where a missing switch would still send', async () => {
    const body: Body = { ...fixtureBody('../perceptions/01-pen.json'), acciones: { enviar_xml_firmado: false } };
    const before = soapRequests();
    const res = await api.post('/api/perceptions', body);
    expect(res.status).toBe(422);
    expect(res.json.errors[0]).toMatchObject({ path: 'acciones.enviar_xml_firmado', code: 'unknown_field' });
    expect(soapRequests()).toBe(before);
  });
});

describe('an unknown key elsewhere in a document', () => {
  it('is issued with a warning per key, naming its path and the known key it was probably meant as', async () => {
    const body = fixtureBody('01-taxed.json');
    body.fecha_de_vencimeinto = body.fecha_de_emision;
    body.datos_del_cliente_o_receptor.direcion = 'Av. Arequipa 123';
    body.items[0].codigo_internno = 'P001';
    body.totales.total_vneta = body.totales.total_venta;
    body.color_favorito = 'azul';

    const res = await api.post('/api/documents', body);

    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const warned = warningsAt(res.json);
    expect(warned).toEqual({
      fecha_de_vencimeinto: 'Campo desconocido: se ignoró. ¿Quiso decir "fecha_de_vencimiento"?',
      'datos_del_cliente_o_receptor.direcion': 'Campo desconocido: se ignoró. ¿Quiso decir "direccion"?',
      'items[0].codigo_internno': 'Campo desconocido: se ignoró. ¿Quiso decir "codigo_interno"?',
      'totales.total_vneta': 'Campo desconocido: se ignoró. ¿Quiso decir "total_venta"?',
      color_favorito: 'Campo desconocido: se ignoró.',
    });
  });

  it('a required key sent misspelt: the 422 says which key arrived instead', async () => {
    const body = fixtureBody('01-taxed.json');
    body.serie_documentos = body.serie_documento;
    delete body.serie_documento;
    const res = await api.post('/api/documents', body);
    expect(res.status).toBe(422);
    const item = res.json.errors.find((e: { path: string }) => e.path === 'serie_documento');
    expect(item.message).toBe(
      'serie_documento: Este campo es obligatorio. Se recibió "serie_documentos", que no se conoce: ¿quiso decir "serie_documento"?',
    );
    expect(res.json.message.startsWith('serie_documento: ')).toBe(true);
  });

  it('what FacturadorPro clients send and we ignore on purpose is known: no warning', async () => {
    const body = fixtureBody('01-taxed.json');
    body.datos_del_emisor = { codigo_pais: 'PE', ubigeo: '150101', codigo_del_domicilio_fiscal: '0000' };
    body.items[0].warehouse_id = 1;
    body.items[0].IdLoteSelected = null;
    body.hotel = { number: '101', guests: [] };
    body.acciones = { formato_pdf: 'a4', auto_print: false, name_printer: 'caja-1' };
    const res = await api.post('/api/documents', body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(warningsAt(res.json)).toEqual({});
  });
});

describe('other bodies', () => {
  it('POST /api/perceptions warns about a misspelt key', async () => {
    const body = fixtureBody('../perceptions/01-pen.json');
    body.observacion = 'Percepción de prueba';
    const res = await api.post('/api/perceptions', body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(warningsAt(res.json)).toEqual({
      observacion: 'Campo desconocido: se ignoró. ¿Quiso decir "observaciones"?',
    });
  });

  it('a route validated by its schema (status) answers the warning beside its data', async () => {
    const issued = await api.post('/api/documents', fixtureBody('02-not-sent.json'));
    const res = await api.post('/api/documents/status', {
      external_id: issued.json.data.external_id,
      seri_number: issued.json.data.number,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.warnings).toEqual([
      {
        path: 'seri_number',
        code: 'unknown_field',
        message: 'Campo desconocido: se ignoró. ¿Quiso decir "serie_number"?',
      },
    ]);
  });

  it('a void: an array item’s near miss explains the 422; an unknown key of an accepted void is warned about', async () => {
    const issued = await api.post('/api/documents', fixtureBody('01-taxed.json'));
    const id = issued.json.data.external_id;
    const today = fixtureBody('01-taxed.json').fecha_de_emision;
    const refused = await api.post('/api/voided', {
      fecha_de_emision_de_documentos: today,
      documentos: [{ external_id: id, motivo_anulacon: 'Error en el pedido' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].path).toBe('documentos[0].motivo_anulacion');
    expect(refused.json.errors[0].message).toContain('Se recibió "motivo_anulacon", que no se conoce');
    const accepted = await api.post('/api/voided', {
      fecha_de_emision_de_documentos: today,
      documentos: [{ external_id: id, motivo_anulacion: 'Error en el pedido', observacion: 'x' }],
    });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    expect(accepted.json.warnings).toEqual([
      expect.objectContaining({ path: 'documentos[0].observacion', code: 'unknown_field' }),
    ]);
  });

  it('a strict settings body refuses the key, with the same suggestion, and changes nothing', async () => {
    const before = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    const res = await api.ctx.app.inject({
      method: 'PATCH',
      url: '/api/company',
      headers: { ...api.tenant.headers, 'content-type': 'application/json' },
      payload: { razon_socal: 'OTRA S.A.C.' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'unknown_field',
      message: 'razon_socal: Campo desconocido: esta operación no lo admite. ¿Quiso decir "razon_social"?',
    });
    const after = await api.tenant.db.company.findUniqueOrThrow({ where: { id: 1 } });
    expect(after.razonSocial).toBe(before.razonSocial);
  });
});
