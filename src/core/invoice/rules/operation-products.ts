// Operation 0112 (venta interna que sustenta gastos deducibles de persona natural): SUNAT 3181 asks a factura
// for a line of mortgage-credit interest (84121901) or a lease (80131501), and SUNAT 3150–3155 ask a line
// 84121901 for the mortgage-credit properties of catalog 55 (7001, 7004, 7005; with 7002 = 3 also 7003, 7006, 7007).
import { DEDUCTIBLE_EXPENSE_PRODUCTS, missingMortgageProperties } from '../../catalogs/index.ts';
import { joinPath } from '../../issues.ts';
import { addIssue, newFindings, type Findings } from '../findings.ts';
import type { FilledBody } from '../defaults.ts';

function checkDeductibleExpense(f: Findings, body: FilledBody): void {
  if (body.codigo_tipo_operacion !== '0112') return;
  const products = body.items.map((i) => i.codigo_producto_sunat);
  if (products.some((p) => p !== undefined && DEDUCTIBLE_EXPENSE_PRODUCTS.includes(p))) return;
  addIssue(
    f,
    'items',
    'operation_products_required',
    'La operación 0112 (gastos deducibles de persona natural) exige al menos una línea con codigo_producto_sunat 84121901 (intereses de crédito hipotecario) u 80131501 (arrendamiento) (SUNAT 3181).',
    { sunatRule: '3181' },
  );
}

function checkMortgageLines(f: Findings, body: FilledBody): void {
  body.items.forEach((item, i) => {
    const properties = item.datos_adicionales ?? [];
    const missing = missingMortgageProperties(
      item.codigo_producto_sunat,
      properties.map((a) => a.codigo),
      properties.find((a) => a.codigo === '7002')?.valor,
    );
    if (missing.length === 0) return;
    addIssue(
      f,
      joinPath(joinPath('items', i), 'datos_adicionales'),
      'mortgage_properties_required',
      `Una línea 84121901 (crédito hipotecario) exige las propiedades ${missing.map(([p]) => p).join(', ')} del catálogo 55 (SUNAT ${missing.map(([, r]) => r).join(', ')}).`,
      { sunatRule: missing[0][1] },
    );
  });
}

/** SUNAT 3181 and 3150–3155: facturas only (the boleta XSL has them commented out or absent). */
export function checkOperationProducts(body: FilledBody): Findings {
  const f = newFindings();
  if (body.codigo_tipo_documento !== '01') return f;
  checkDeductibleExpense(f, body);
  checkMortgageLines(f, body);
  return f;
}
