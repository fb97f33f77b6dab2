// Fault injection for tests and drills: the failures real SUNAT shows (latency, HTTP 500/503 pages, an empty 200,
// SOAP faults, connections cut before or after processing), programmable in code or over HTTP, N times then recover.

export type FaultSpec =
  /** Answer after this many extra milliseconds (the request is processed normally, the client may time out). */
  | { kind: 'latency'; ms: number }
  /** An HTTP error page instead of SOAP (a proxy or a WebLogic in trouble); the request is not processed. */
  | { kind: 'http-status'; status: number; body?: string }
  /** HTTP 200 with an empty body (SUNAT production does this to some badly authenticated calls). */
  | { kind: 'empty-200' }
  /** HTTP 200 whose body is not SOAP at all. */
  | { kind: 'malformed-200' }
  /** A SOAP fault with this code instead of processing; `codeIn` chooses faultcode ("Client.0130") or faultstring. */
  | {
      kind: 'soap-fault';
      code: string;
      message?: string;
      codeIn?: 'faultcode' | 'faultstring';
      side?: 'Client' | 'Server';
    }
  /** The connection is cut before the request is processed (SUNAT down, a reset). */
  | { kind: 'reset' }
  /** The request IS processed and registered, then the connection is cut before the answer (the lost response). */
  | { kind: 'lost-response' }
  /** REST APIs only: the bearer token presented is taken for expired — forgotten, and the call answered 401. */
  | { kind: 'token-expired' };

export interface FaultRule {
  fault: FaultSpec;
  /** How many matching requests it affects before the simulator recovers; default 1. */
  times?: number | 'always';
  /** Operations it applies to; default ['sendBill']. Consult operations are 'getStatusCdr' and 'consultGetStatus'; the
   *  REST APIs' are 'oauthToken', 'validarComprobante', 'greSend' and 'greTicket' (dispatch guides). */
  operations?: string[];
  /** Only requests whose fileName contains this text. */
  fileName?: string;
}

interface ActiveRule {
  rule: Required<Pick<FaultRule, 'fault' | 'operations'>> & FaultRule;
  remaining: number;
  applied: number;
  id: number;
}

export interface FaultDecision {
  latencyMs: number;
  fault: Exclude<FaultSpec, { kind: 'latency' }> | undefined;
}

export class FaultInjector {
  private rules: ActiveRule[] = [];
  private nextId = 1;

  add(rule: FaultRule): number {
    validateRule(rule);
    const times = rule.times ?? 1;
    const id = this.nextId++;
    this.rules.push({
      rule: { ...rule, operations: rule.operations ?? ['sendBill'] },
      remaining: times === 'always' ? Number.POSITIVE_INFINITY : times,
      applied: 0,
      id,
    });
    return id;
  }

  clear(): void {
    this.rules = [];
  }

  list(): Array<FaultRule & { id: number; remaining: number | 'always'; applied: number }> {
    return this.rules.map((r) => ({
      ...r.rule,
      id: r.id,
      remaining: r.remaining === Number.POSITIVE_INFINITY ? 'always' : r.remaining,
      applied: r.applied,
    }));
  }

  /** Consumes the rules that match this request: all matching latencies add up, the first matching fault wins. */
  take(operation: string, fileName: string | undefined): FaultDecision {
    let latencyMs = 0;
    let fault: FaultDecision['fault'];
    for (const active of this.rules) {
      if (active.remaining <= 0) continue;
      const { rule } = active;
      if (!rule.operations.includes(operation)) continue;
      if (rule.fileName && !(fileName ?? '').includes(rule.fileName)) continue;
      if (rule.fault.kind === 'latency') {
        latencyMs += rule.fault.ms;
      } else if (fault) {
        continue;
      } else {
        fault = rule.fault;
      }
      active.remaining -= 1;
      active.applied += 1;
    }
    this.rules = this.rules.filter((r) => r.remaining > 0);
    return { latencyMs, fault };
  }
}

const KINDS = new Set([
  'latency',
  'http-status',
  'empty-200',
  'malformed-200',
  'soap-fault',
  'reset',
  'lost-response',
  'token-expired',
]);
/** The operations that take a bearer token (a token-expired fault applies to them only). */
const TOKEN_OPERATIONS = new Set(['validarComprobante', 'greSend', 'greTicket']);

export class FaultRuleError extends Error {}

/** Validates a rule coming from code or from POST /__simulator/faults. */
export function validateRule(rule: FaultRule): void {
  const fault = rule?.fault as FaultSpec | undefined;
  if (!fault || typeof fault !== 'object' || !KINDS.has(fault.kind))
    throw new FaultRuleError(`fault.kind debe ser uno de: ${[...KINDS].join(', ')}`);
  if (fault.kind === 'latency' && !(Number.isFinite(fault.ms) && fault.ms >= 0))
    throw new FaultRuleError('fault.ms debe ser un número ≥ 0');
  if (fault.kind === 'http-status' && !(Number.isInteger(fault.status) && fault.status >= 200 && fault.status <= 599))
    throw new FaultRuleError('fault.status debe ser un código HTTP');
  if (fault.kind === 'soap-fault' && !/^\d{1,4}$/.test(String(fault.code ?? '')))
    throw new FaultRuleError('fault.code debe ser un código SUNAT numérico');
  if (fault.kind === 'token-expired' && !(rule.operations ?? []).every((o) => TOKEN_OPERATIONS.has(o)))
    throw new FaultRuleError(`token-expired solo se aplica a: ${[...TOKEN_OPERATIONS].join(', ')}`);
  if (fault.kind === 'token-expired' && !rule.operations?.length)
    throw new FaultRuleError(`token-expired necesita operations: ${[...TOKEN_OPERATIONS].join(', ')}`);
  const times = rule.times;
  if (times !== undefined && times !== 'always' && !(Number.isInteger(times) && times > 0))
    throw new FaultRuleError("times debe ser un entero > 0 o 'always'");
  if (
    rule.operations !== undefined &&
    !(Array.isArray(rule.operations) && rule.operations.every((o) => typeof o === 'string'))
  )
    throw new FaultRuleError('operations debe ser una lista de operaciones');
}
