// Step 1 — fill defaults: what FacturadorPro assumes when a key is missing, made explicit (and reported as a
// warning when the client would not expect it). Returns a new body; the input is never modified.
import type { DocumentBody } from './schema.ts';
import { MIDNIGHT, type DocumentContext } from './context.ts';
import { addWarning, newFindings, type Findings } from './findings.ts';

export interface FilledBody extends DocumentBody {
  fecha_de_emision: string;
  hora_de_emision: string;
  codigo_condicion_de_pago: '01' | '02';
}

/**
 * Without fecha_de_emision the document is issued today in Lima (and, without a time either, now). A date with no
 * time is issued at 00:00:00: IssueTime is optional for SUNAT.
 */
function issueMoment(body: DocumentBody, ctx: DocumentContext): { date: string; time: string } {
  if (!body.fecha_de_emision) return { date: ctx.today, time: body.hora_de_emision ?? ctx.timeNow ?? MIDNIGHT };
  return { date: body.fecha_de_emision, time: body.hora_de_emision ?? MIDNIGHT };
}

export function fillDefaults(body: DocumentBody, ctx: DocumentContext): { body: FilledBody; findings: Findings } {
  const f = newFindings();
  const isInvoice = body.codigo_tipo_documento === '01' || body.codigo_tipo_documento === '03';
  const issued = issueMoment(body, ctx);

  const customer = { ...body.datos_del_cliente_o_receptor };
  if (!customer.codigo_pais) {
    customer.codigo_pais = 'PE';
    addWarning(f, 'datos_del_cliente_o_receptor.codigo_pais', 'default_applied', 'Sin codigo_pais: se asumió "PE".');
  }

  let operation = body.codigo_tipo_operacion;
  let dueDate = body.fecha_de_vencimiento;
  if (isInvoice) {
    if (!operation) {
      operation = '0101';
      addWarning(
        f,
        'codigo_tipo_operacion',
        'default_applied',
        'Sin codigo_tipo_operacion: se asumió 0101 (venta interna).',
      );
    }
    if (!dueDate) {
      dueDate = issued.date;
      addWarning(f, 'fecha_de_vencimiento', 'default_applied', 'Sin fecha_de_vencimiento: se usó la fecha de emisión.');
    }
  } else {
    // Notes carry no operation type (no cbc:InvoiceTypeCode) and no due date in FacturadorPro's templates.
    operation = undefined;
  }

  let condition: '01' | '02' = body.codigo_condicion_de_pago === '02' ? '02' : '01';
  if (body.codigo_condicion_de_pago === '03') {
    // Pain point 20.1 #6: "03" (crédito con cuotas, a UI-only row) silently dropped the cuotas in FacturadorPro.
    condition = '02';
    addWarning(
      f,
      'codigo_condicion_de_pago',
      'value_normalized',
      'La condición "03" (crédito con cuotas) se trató como "02" crédito.',
    );
  }

  const filled: FilledBody = {
    ...body,
    fecha_de_emision: issued.date,
    hora_de_emision: issued.time,
    codigo_tipo_operacion: operation,
    fecha_de_vencimiento: dueDate,
    codigo_condicion_de_pago: condition,
    datos_del_cliente_o_receptor: customer,
  };
  return { body: filled, findings: f };
}
