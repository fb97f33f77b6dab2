// Parsed body → computed guide: build it (./build.ts: defaults, normalisation, what each mode and motive carries),
// fill the related documents' issuers SUNAT asks for, then run the guide's rule table. Any issue refuses the body.
import type { DocumentContext } from '../invoice/context.ts';
import { newFindings } from '../invoice/findings.ts';
import type { Issue, Warning } from '../issues.ts';
import { buildCarrierDispatch, buildSenderDispatch, carrierAddressBodies } from './build.ts';
import type { CarrierContext, SenderContext } from './context.ts';
import { CARRIER_DISPATCH_RULES, SENDER_DISPATCH_RULES, issuerDefaults } from './rules/index.ts';
import type { CarrierDispatchBody, SenderDispatchBody } from './schema.ts';
import type { ComputedDispatch } from './types.ts';

export interface DispatchResult {
  document?: ComputedDispatch;
  issues: Issue[];
  warnings: Warning[];
}

export function computeSenderDispatch(body: SenderDispatchBody, ctx: DocumentContext): DispatchResult {
  const f = newFindings();
  const { doc, motive, needs } = buildSenderDispatch(body, ctx, f);
  const c: SenderContext = {
    kind: 'sender',
    body,
    doc,
    ctx,
    motive,
    needs,
    originPath: 'direccion_partida',
    destinationPath: 'direccion_llegada',
  };
  issuerDefaults(c, f);
  for (const rule of SENDER_DISPATCH_RULES) rule.check(c, f);
  return f.issues.length > 0 ? f : { document: doc, ...f };
}

export function computeCarrierDispatch(body: CarrierDispatchBody, ctx: DocumentContext): DispatchResult {
  const f = newFindings();
  const doc = buildCarrierDispatch(body, ctx, f);
  const { originPath, destinationPath } = carrierAddressBodies(body);
  const c: CarrierContext = { kind: 'carrier', body, doc, ctx, originPath, destinationPath };
  issuerDefaults(c, f);
  for (const rule of CARRIER_DISPATCH_RULES) rule.check(c, f);
  return f.issues.length > 0 ? f : { document: doc, ...f };
}
