// The findings of the ported rules: SUNAT's rejection codes and observations, with the node each rule looks at.
// Reading the document (xpath.ts) and XPath's number semantics (numbers.ts) are beside it.
export interface RuleHit {
  code: string;
  /** The node the rule looks at, in SUNAT's notation ("cac:TaxSubtotal/cbc:TaxAmount"). */
  node: string;
  value?: string;
  /** Context SUNAT adds ("Error en la linea: 2", "Tributo: 1000"). */
  detail?: string;
}

export class Findings {
  readonly errors: RuleHit[] = [];
  readonly observations: RuleHit[] = [];
  error(code: string, node: string, value?: string, detail?: string): void {
    this.errors.push({ code, node, value, detail });
  }
  observe(code: string, node: string, value?: string, detail?: string): void {
    this.observations.push({ code, node, value, detail });
  }
  /** SUNAT's "isTrueExpresion": when `condition` holds, raise `code` (as an error, or an observation). */
  check(condition: boolean, code: string, node: string, value?: string, detail?: string, isError = true): void {
    if (!condition) return;
    if (isError) this.error(code, node, value, detail);
    else this.observe(code, node, value, detail);
  }
  /** SUNAT's format checks (validate_utils.xsl): a value absent or not of the pattern raises `code`. */
  format(value: string | undefined, pattern: RegExp, code: string, node: string, detail?: string): void {
    this.check(value === undefined || !pattern.test(value), code, node, value, detail);
  }
}
