// A computed dispatch guide (09 remitente, 31 transportista) → the PrintModel: the recipient as the customer, the
// transfer (motive, mode, dates, weight), the points, the carrier, drivers and vehicles as boxes of pairs, and the
// goods as lines without prices. What is printed is what was signed (the computed guide).
import { transportModes } from '../core/catalogs/index.ts';
import type { ComputedDispatch, DispatchAddress, DispatchParty } from '../core/dispatch/types.ts';
import type { Issuer } from '../core/index.ts';
import { printIssuer, SUNAT_CONSULTATION_URL } from './from-computed.ts';
import { formatDate } from './format.ts';
import { describeCurrency, identityDocumentLabel, stateWatermark } from './labels.ts';
import type { PrintLabelValue, PrintModel } from './print-model.ts';

export interface DispatchPrintContext {
  hash: string;
  qrText: string;
  state?: string;
}

const party = (p: DispatchParty) => `${identityDocumentLabel(p.documentType)} ${p.documentNumber} - ${p.name}`;
const point = (a: DispatchAddress) =>
  `${a.address} (ubigeo ${a.ubigeo}${a.establishment ? `, establecimiento ${a.establishment.code}` : ''})`;

function transferFields(doc: ComputedDispatch): PrintLabelValue[] {
  const fields: PrintLabelValue[] = [];
  if (doc.motive) fields.push({ label: 'Motivo de traslado', value: `${doc.motive.code} - ${doc.motive.description}` });
  if (doc.transportMode)
    fields.push({
      label: 'Modalidad de transporte',
      value: `${doc.transportMode} - ${transportModes.get(doc.transportMode)?.description ?? ''}`,
    });
  fields.push({ label: 'Fecha de inicio de traslado', value: formatDate(doc.transferDate) });
  if (doc.handOverDate)
    fields.push({ label: 'Entrega de bienes al transportista', value: formatDate(doc.handOverDate) });
  fields.push({ label: 'Peso bruto total', value: `${doc.grossWeight.value} ${doc.grossWeight.unit}` });
  if (doc.packages) fields.push({ label: 'Número de bultos', value: String(doc.packages) });
  if (doc.container) fields.push({ label: 'Contenedor', value: doc.container });
  if (doc.port) fields.push({ label: 'Puerto', value: `${doc.port.code} - ${doc.port.name}` });
  if (doc.sender) fields.push({ label: 'Remitente', value: party(doc.sender) });
  if (doc.supplier) fields.push({ label: 'Proveedor', value: party(doc.supplier) });
  if (doc.payer)
    fields.push({ label: 'Pagador del flete', value: doc.payer.party ? party(doc.payer.party) : doc.payer.indicator });
  return fields;
}

function transportFields(doc: ComputedDispatch): PrintLabelValue[] {
  const fields: PrintLabelValue[] = [];
  if (doc.carrier)
    fields.push({
      label: doc.documentType === '31' ? 'Registro MTC' : 'Transportista',
      value:
        doc.documentType === '31'
          ? (doc.carrier.mtc ?? '-')
          : `${party(doc.carrier)}${doc.carrier.mtc ? ` (MTC ${doc.carrier.mtc})` : ''}`,
    });
  for (const d of doc.drivers)
    fields.push({
      label: `Conductor ${d.role.toLowerCase()}`,
      value: `${identityDocumentLabel(d.documentType)} ${d.documentNumber} - ${d.familyName}, ${d.firstName} (licencia ${d.licence})`,
    });
  if (doc.vehicle) {
    const plates = [doc.vehicle.plate, ...doc.vehicle.secondary.map((v) => v.plate)];
    fields.push({ label: plates.length > 1 ? 'Vehículos (placas)' : 'Vehículo (placa)', value: plates.join(', ') });
  }
  return fields;
}

export function printModelFromDispatch(
  doc: ComputedDispatch,
  issuer: Issuer,
  context: DispatchPrintContext,
): PrintModel {
  if (doc.number === null) throw new Error('printModelFromDispatch: the guide has no number yet');
  const points: PrintLabelValue[] = [{ label: 'Punto de partida', value: point(doc.origin) }];
  if (doc.destination) points.push({ label: 'Punto de llegada', value: point(doc.destination) });
  const transport = transportFields(doc);
  const sections = [
    { title: 'DATOS DEL TRASLADO', fields: transferFields(doc) },
    { title: 'PUNTOS DE PARTIDA Y LLEGADA', fields: points },
    ...(transport.length ? [{ title: 'DATOS DEL TRANSPORTE', fields: transport }] : []),
  ];
  return {
    documentType: doc.documentType,
    series: doc.series,
    number: String(doc.number),
    issuer: printIssuer(issuer, {}),
    customer: {
      documentTypeCode: doc.recipient.documentType,
      documentTypeLabel: identityDocumentLabel(doc.recipient.documentType),
      documentNumber: doc.recipient.documentNumber,
      name: doc.recipient.name,
    },
    issueDate: doc.issueDate,
    issueTime: doc.issueTime,
    currency: describeCurrency('PEN'),
    relatedDocuments: doc.related.map((r) => ({ label: r.description, number: r.number })),
    lines: doc.lines.map((l) => ({
      quantity: l.quantity,
      unit: l.unitCode,
      code: l.code,
      description: l.description ?? '',
      unitValue: '',
      unitPrice: '',
      amount: '',
    })),
    totals: { total: '' },
    amountInWords: '',
    dispatch: { sections },
    qrText: context.qrText,
    hash: context.hash,
    consultationUrl: SUNAT_CONSULTATION_URL,
    observations: doc.note,
    watermark: stateWatermark(context.state),
  };
}
