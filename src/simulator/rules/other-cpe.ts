// What SUNAT's perception (ValidaExprRegPercepcion) and retention (ValidaExprRegRetencion) XSLs check alike: the
// way a field is looked at (existAndMatch), the voucher's header and the agent's identification.
import type { XmlElement } from '../../sunat/xml.ts';
import type { Findings } from './context.ts';
import { attr, first, text } from './xpath.ts';

export const POSITIVE_AMOUNT = /(?!(^0+(\.0+)?$))(^\d{1,12}(\.\d{1,2})?$)/;
export const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** SUNAT's existAndRegexpValidateElement: missing → `missing`, present but not matching → `invalid`. */
export function existAndMatch(
  f: Findings,
  value: string | undefined,
  re: RegExp,
  missing: string,
  invalid: string,
  node: string,
  detail?: string,
): void {
  if (value === undefined || value === '') f.error(missing, node, undefined, detail);
  else if (!re.test(value)) f.error(invalid, node, value, detail);
}

/** UBL 2.0, customization 1.0, the series of the voucher's letter (P, R) or a 4-digit one (SUNAT 1001), date. */
export function checkVoucherHeader(root: XmlElement, f: Findings, letter: 'P' | 'R'): void {
  existAndMatch(f, text(root, 'cbc:UBLVersionID'), /^(2\.0)$/, '2111', '2110', 'cbc:UBLVersionID');
  existAndMatch(f, text(root, 'cbc:CustomizationID'), /^(1\.0)$/, '2113', '2112', 'cbc:CustomizationID');
  const id = new RegExp(`^([${letter}][A-Z0-9]{3}|[\\d]{4})-[0-9]{1,8}$`);
  existAndMatch(f, text(root, 'cbc:ID'), id, '1002', '1001', 'cbc:ID');
  existAndMatch(f, text(root, 'cbc:IssueDate'), DATE, '1010', '1009', 'cbc:IssueDate');
}

/** The agent (the issuer): an 11-digit RUC of scheme 6 (SUNAT 2676/0154, 2678/2511) and a legal name (1037). */
export function checkAgentParty(root: XmlElement, f: Findings): XmlElement | undefined {
  const agentId = first(root, 'cac:AgentParty/cac:PartyIdentification/cbc:ID');
  existAndMatch(f, text(agentId), /^[0-9]{11}$/, '2676', '0154', 'cac:AgentParty/cac:PartyIdentification/cbc:ID');
  const scheme = attr(agentId, 'schemeID');
  existAndMatch(f, scheme, /^(6)$/, '2678', '2511', 'cac:AgentParty/cac:PartyIdentification/cbc:ID/@schemeID');
  const name = 'cac:AgentParty/cac:PartyLegalEntity/cbc:RegistrationName';
  f.check(text(root, name) === undefined, '1037', name);
  return agentId;
}

/** The value at `path` below `from`: an element's text ("cac:Payment/cbc:PaidAmount") or an attribute
 *  ("sac:SUNATPerceptionAmount/@currencyID"). */
export function valueAt(from: XmlElement | undefined, path: string): string | undefined {
  const [element, attribute] = path.split('/@');
  return attribute === undefined ? text(from, element) : attr(first(from, element), attribute);
}
