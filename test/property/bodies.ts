// fast-check generators for POST /api/documents bodies: every document type (01/03/07/08), catalog-07 affectations
// (taxed, free, IVAP, exonerated, unaffected, export), one IGV rate per document (18, Ley 31556's 10, none sent) with
// now and then a line at another rate or a rate not in force (SUNAT 3462), ISC of every system, ICBPER at any yearly
// rate, line and global discounts/charges by factor or by amount (on notes: inside and outside SUNAT's ±1.00),
// prices sent with line allowances, detraction, exports (legend 2008 to a RUC), non-domiciled sales, hospedaje,
// PEN/USD, every identity type, names of 1 and 2 characters, credit sales with or without cuotas and due dates
// (before the issue date too), credit notes of every type on facturas and boletas.
import fc from 'fast-check';
import { HOTEL_PROPERTY_VALUES, TODAY, shiftDate, type Body } from '../fixtures/invoices.ts';

const AFFECTATIONS = [
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '20',
  '21',
  '30',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '37',
];
const ONEROUS = new Set(['10', '17', '20', '30', '40']);

/** `arbitrary` once in `oneIn` draws, null otherwise (null shrinks first). */
function rare<T>(arbitrary: fc.Arbitrary<T>, { freq: oneIn }: { freq: number }): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: fc.constant(null), weight: oneIn - 1 }, { arbitrary, weight: 1 });
}

const money = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((c) => c / 100);
const quantity = fc.oneof(
  fc.constantFrom(1, 2, 3, 5, 10),
  fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100),
);

interface DocumentShape {
  exportation: boolean;
  ivap: boolean;
  /** The document's IGV rate (undefined: not sent, the general rate applies). */
  rate: number | undefined;
}

/** A global or line allowance: by factor, or by a fixed amount around SUNAT's ±1.00 tolerance of notes. */
function allowance(codes: readonly string[], factors: readonly number[]): fc.Arbitrary<Body> {
  return fc.oneof(
    fc.record({ codigo: fc.constantFrom(...codes), factor: fc.constantFrom(...factors) }),
    fc.record({ codigo: fc.constantFrom(...codes), monto: fc.constantFrom(0, 0.5, 1, 1.01, 3) }),
  );
}

function item(shape: DocumentShape): fc.Arbitrary<Body> {
  const affectation = shape.exportation
    ? fc.constant('40')
    : shape.ivap
      ? fc.constant('17')
      : fc.constantFrom(...AFFECTATIONS.filter((a) => a !== '17'));
  return fc
    .record({
      affectation,
      quantity,
      value: money(0.01, 900),
      byPrice: fc.boolean(),
      // Mostly the document's rate; sometimes not sent on this line, or 0 (refused on a taxed line, SUNAT 2993).
      percent: fc.constantFrom<number | undefined | 'document'>(
        'document',
        'document',
        'document',
        'document',
        undefined,
        0,
      ),
      isc: rare(
        fc.record({
          system: fc.constantFrom('01', '02', '03'),
          rate: fc.constantFrom(10, 20, 30),
          fixed: money(0.5, 20),
        }),
        { freq: 8 },
      ),
      discount: rare(allowance(['00', '01'], [0.05, 0.1]), { freq: 8 }),
      charge: rare(allowance(['47', '48'], [0.05, 0.1]), { freq: 12 }),
      bagRate: rare(fc.constantFrom(0.1, 0.2, 0.3, 0.4, 0.5), { freq: 10 }),
      hotel: fc.boolean(),
    })
    .map((r) => {
      const onerous = ONEROUS.has(r.affectation);
      const line: Body = {
        codigo_interno: 'P001',
        descripcion: `Producto ${r.affectation}`,
        unidad_de_medida: 'NIU',
        cantidad: r.quantity,
        codigo_tipo_afectacion_igv: r.affectation,
      };
      if (onerous && r.byPrice && !r.isc)
        line.precio_unitario = r.affectation === '10' ? Math.round(r.value * 118) / 100 : r.value;
      else line.valor_unitario = r.value;
      const percent = r.percent === 'document' ? shape.rate : r.percent;
      if (percent !== undefined && r.affectation !== '17') line.porcentaje_igv = percent;
      if (shape.exportation) line.codigo_producto_sunat = '10101501';
      if (onerous && r.affectation === '10' && r.isc) {
        line.codigo_tipo_sistema_isc = r.isc.system;
        if (r.isc.system === '02') line.total_isc = r.isc.fixed;
        else line.porcentaje_isc = r.isc.rate;
      }
      if (onerous && r.discount) line.descuentos = [r.discount];
      if (onerous && r.charge) line.cargos = [r.charge];
      if (r.affectation === '10' && r.bagRate && Number.isInteger(r.quantity))
        line.total_impuestos_bolsa_plastica = Math.round(r.quantity * r.bagRate * 100) / 100;
      if (r.hotel)
        line.datos_adicionales = Object.entries(HOTEL_PROPERTY_VALUES).map(([codigo, valor]) => ({ codigo, valor }));
      return line;
    });
}

const customers = fc.record({
  type: fc.constantFrom('6', '6', '1', '-', '0', '4', '7', 'A', 'B'),
  /** A name of 1 or 2 characters now and then (SUNAT 2022: 3 on invoices and credit notes, 2 on debit notes). */
  shortName: fc.constantFrom<string | null>(null, null, null, null, null, null, null, null, '-', 'AB'),
  elevenDigitDni: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  /** Most bodies name the customer their document and operation expect. */
  fits: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
});

function customerOf(c: { type: string; shortName: string | null; elevenDigitDni: boolean }): Body {
  const number =
    c.type === '6'
      ? '20604187339'
      : c.type === '1'
        ? c.elevenDigitDni
          ? '10458712365'
          : '45871236'
        : c.type === '-'
          ? '-'
          : 'X1234567';
  return {
    codigo_tipo_documento_identidad: c.type,
    numero_documento: c.type === '0' ? '0' : number,
    apellidos_y_nombres_o_razon_social: c.shortName ?? 'CLIENTE DE PRUEBA S.A.C.',
    codigo_pais: 'PE',
    direccion: 'Av. Prueba 123',
  };
}

/** The customer type the document expects, when the generated customer `fits`. */
function fitting<C extends { type: string; fits: boolean }>(c: C, type: string, operation: string | undefined): C {
  if (!c.fits) return c;
  if (operation === '0200' || operation === '0202' || operation === '0205' || operation === '0401')
    return { ...c, type: '0' };
  if (type === '03') return { ...c, type: '1' };
  return { ...c, type: '6' };
}

export const documentBody: fc.Arbitrary<Body> = fc
  .record({
    type: fc.constantFrom('01', '01', '03', '03', '07', '08'),
    noteOf: fc.constantFrom('01', '03'),
    operation: fc.constantFrom(
      '0101',
      '0101',
      '0101',
      '0101',
      '0101',
      '0200',
      '0401',
      '1001',
      '1001',
      '0112',
      '0202',
      '0205',
    ),
    ivap: fc.boolean().map((b) => b && Math.random() < 1), // shrinkable flag
    currency: fc.constantFrom('PEN', 'PEN', 'USD'),
    exchangeRate: fc.boolean(),
    customer: customers,
    globalDiscount: rare(allowance(['02', '03'], [0.05, 0.1]), { freq: 8 }),
    globalCharge: rare(allowance(['49', '50', '45'], [0.05, 0.05, 0.05, 0.00001]), { freq: 12 }),
    dueDays: rare(fc.integer({ min: -10, max: 30 }), { freq: 3 }),
    noteType: fc.constantFrom('01', '02', '03', '04', '05', '06', '07', '08', '09', '10'),
    seed: fc.integer({ min: 1, max: 4 }),
    // Ley 31556's 10 % (in force on the pinned 2025 date), 18 %, none sent; 10.5 % is 2026's (3462 in 2025).
    rate: fc.constantFrom<number | undefined>(18, 18, 10, 10, undefined, undefined, 10.5),
    /** One line at another rate (SUNAT 3462: one rate per document). */
    strayRate: rare(fc.constantFrom(18, 10, 15), { freq: 10 }),
    credit: rare(
      fc.record({
        cuotas: fc.constantFrom<'none' | 'exact' | 'short' | 'past'>('none', 'exact', 'exact', 'short', 'past'),
      }),
      { freq: 6 },
    ),
    legend2008: rare(fc.constant(true), { freq: 6 }),
  })
  .chain((d) => {
    const isInvoice = d.type === '01' || d.type === '03';
    const exportation = isInvoice && ['0200', '0202', '0205'].includes(d.operation);
    const ivap = isInvoice && d.ivap && d.operation === '0101';
    return fc.array(item({ exportation, ivap, rate: d.rate }), { minLength: 1, maxLength: d.seed }).map((items) => {
      const stray = items.length > 1 ? items[items.length - 1] : undefined;
      if (stray && d.strayRate !== null && stray.codigo_tipo_afectacion_igv !== '17')
        stray.porcentaje_igv = d.strayRate;
      const group = d.type === '03' || (!isInvoice && d.noteOf === '03') ? 'B' : 'F';
      const body: Body = {
        serie_documento: isInvoice ? `${group}001` : `${group}${d.type === '07' ? 'C' : 'D'}01`,
        numero_documento: '#',
        fecha_de_emision: TODAY,
        hora_de_emision: '10:00:00',
        codigo_tipo_documento: d.type,
        codigo_tipo_moneda: d.currency,
        datos_del_cliente_o_receptor: customerOf(fitting(d.customer, d.type, isInvoice ? d.operation : undefined)),
        items,
      };
      if (d.currency !== 'PEN' && d.exchangeRate) body.factor_tipo_de_cambio = 3.75;
      if (isInvoice) body.codigo_tipo_operacion = d.operation;
      if (isInvoice && d.operation === '1001')
        body.detraccion = {
          codigo_tipo_detraccion: '037',
          porcentaje: 12,
          codigo_metodo_pago: '001',
          cuenta_bancaria: '00-000-123456',
        };
      if (!isInvoice) {
        body.codigo_tipo_nota =
          d.type === '07' ? d.noteType : d.noteType === '01' || d.noteType === '02' ? d.noteType : '03';
        body.motivo_o_sustento_de_nota = 'Motivo de prueba';
        body.documento_afectado = {
          serie_documento: `${group}001`,
          numero_documento: '123',
          codigo_tipo_documento: d.noteOf,
        };
      }
      if (d.globalDiscount) body.descuentos = [d.globalDiscount];
      if (d.globalCharge) body.cargos = [d.globalCharge];
      if (isInvoice && d.dueDays !== null) body.fecha_de_vencimiento = shiftDate(TODAY, d.dueDays);
      if (d.credit) creditTerms(body, d.credit.cuotas);
      if (exportation && d.legend2008) body.leyendas = [{ codigo: '2008', valor: 'VENTA EXONERADA DEL IGV-ISC-IPM' }];
      return body;
    });
  });

/**
 * Credit terms (codigo_condicion_de_pago 02): no cuotas (one is made from a later due date, if any), cuotas summing
 * the amount pending (computed here as the sum of the lines at 18 %: off by the real rate, ISC, discounts…, so
 * "exact" is only near the total), short of it, or due before the issue date.
 */
function creditTerms(body: Body, kind: 'none' | 'exact' | 'short' | 'past'): void {
  body.codigo_condicion_de_pago = '02';
  if (kind === 'none') return;
  const estimate =
    Math.round(
      body.items.reduce(
        (s: number, i: Body) => s + (i.valor_unitario ?? i.precio_unitario ?? 0) * i.cantidad * 1.18,
        0,
      ) * 100,
    ) / 100;
  const amount = kind === 'short' ? Math.max(0.01, Math.round(estimate * 50) / 100) : estimate;
  body.cuotas = [{ fecha: shiftDate(TODAY, kind === 'past' ? -1 : 30), monto: amount }];
}
