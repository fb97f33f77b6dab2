// The issues and warnings one computation step produces, and the reconciliation rule used for every figure a
// client may send: compute it, compare with what was sent using SUNAT's tolerance, keep the client's figure when
// SUNAT would accept it, report an issue naming the field, both values and the rule when it would not.
import { formatAmount, round2, type Decimal } from '../money.ts';
import { issue, warning, type Issue, type IssueCode, type Warning, type WarningCode } from '../issues.ts';

export interface Findings {
  issues: Issue[];
  warnings: Warning[];
}

export function newFindings(): Findings {
  return { issues: [], warnings: [] };
}

export function addIssue(
  f: Findings,
  path: string,
  code: IssueCode,
  message: string,
  extra: Omit<Issue, 'path' | 'code' | 'message'> = {},
): void {
  f.issues.push(issue(path, code, message, extra));
}

export function addWarning(f: Findings, path: string, code: WarningCode, message: string, sunatRule?: string): void {
  f.warnings.push(warning(path, code, message, sunatRule));
}

export interface ReconcileArgs {
  path: string;
  computed: Decimal;
  sent: Decimal | undefined;
  /** Largest accepted difference (SUNAT: 1 currency unit for most sums; 0 for exact rules). */
  tolerance: number;
  /** What the figure is, in Spanish, for the message. */
  label: string;
  sunatRule?: string;
  /** Code of the issue (totals_mismatch by default). */
  code?: IssueCode;
  /** Said after the within-tolerance warning: where the difference went (total_venta: PayableRoundingAmount). */
  keptNote?: string;
  /**
   * A figure SUNAT never receives (total_item, total_descuentos…) or does not relate to the others (the pending
   * amount of a credit sale): a difference is reported as a warning, not an issue. 'computed' replaces the
   * client's figure by ours, 'sent' keeps the client's.
   */
  informational?: 'computed' | 'sent';
}

/** An amount as sent, rounded to 2 decimals (with a warning when it had more). */
export function sentAmount(f: Findings, path: string, sent: Decimal | undefined): Decimal | undefined {
  if (sent === undefined) return undefined;
  if (sent.decimalPlaces() > 2) {
    const r = round2(sent);
    addWarning(
      f,
      path,
      'amount_rounded',
      `Importe con más de 2 decimales: ${sent.toFixed()} se redondeó a ${r.toFixed(2)}.`,
    );
    return r;
  }
  return sent;
}

/** SUNAT accepts the figure sent: it is emitted, and the answer says by how much it differs from ours. */
function keptWithinTolerance(f: Findings, a: ReconcileArgs, sent: Decimal): void {
  const [expected, received] = [formatAmount(a.computed), formatAmount(sent)];
  const rule = a.sunatRule ? `, regla ${a.sunatRule}` : '';
  f.warnings.push({
    ...warning(
      a.path,
      'total_within_tolerance',
      `${a.label}: se calculó ${expected} y se recibió ${received}; está dentro de la tolerancia de SUNAT (±${a.tolerance.toFixed(2)}${rule}) y se emitió ${received}.${a.keptNote ? ` ${a.keptNote}` : ''}`,
      a.sunatRule,
    ),
    expected,
    received,
  });
}

export function reconcile(f: Findings, a: ReconcileArgs): Decimal {
  const sent = sentAmount(f, a.path, a.sent);
  if (sent === undefined) return a.computed;
  // Equal is the common case: decided by one comparison, without the difference's allocations.
  if (sent.eq(a.computed)) return sent;
  if (sent.minus(a.computed).abs().lte(a.tolerance)) {
    // A figure SUNAT does not check is kept as before, without a word; one it checks is reported.
    if (!a.informational) keptWithinTolerance(f, a, sent);
    return sent;
  }
  if (a.informational) {
    const kept = a.informational === 'sent' ? sent : a.computed;
    addWarning(
      f,
      a.path,
      'informational_total_differs',
      `${a.label}: se calculó ${formatAmount(a.computed)} y se recibió ${formatAmount(sent)}; SUNAT no lo valida, se usa ${formatAmount(kept)}.`,
    );
    return kept;
  }
  const tol = a.tolerance === 0 ? 'sin tolerancia' : `tolerancia ±${a.tolerance.toFixed(2)}`;
  addIssue(
    f,
    a.path,
    a.code ?? 'totals_mismatch',
    `${a.label}: se esperaba ${formatAmount(a.computed)} y se recibió ${formatAmount(sent)} (${a.sunatRule ? `regla SUNAT ${a.sunatRule}, ` : ''}${tol}).`,
    {
      expected: formatAmount(a.computed),
      received: formatAmount(sent),
      ...(a.sunatRule ? { sunatRule: a.sunatRule } : {}),
    },
  );
  return a.computed;
}
