// Helmet's headers computed once at start-up (src/platform/http/security-headers.ts): what helmet's own middleware
// sets for the same options, HSTS included when asked for (production).
import { describe, expect, it } from 'vitest';
import helmet from 'helmet';
import { securityHeadersOf } from '../../src/platform/http/security-headers.ts';

function setByHelmet(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = { setHeader: (n: string, v: unknown) => (headers[n.toLowerCase()] = String(v)), removeHeader() {} };
  helmet(options)({} as never, res as never, () => undefined);
  return headers;
}

describe('securityHeadersOf', () => {
  it.each([{ hsts: true }, { hsts: false }])('gives the headers helmet sets (%o)', (options) => {
    const computed = Object.fromEntries(securityHeadersOf(options).set.map(([n, v]) => [n.toLowerCase(), v]));
    expect(computed).toEqual(setByHelmet(options));
    expect('strict-transport-security' in computed).toBe(options.hsts);
    expect(securityHeadersOf(options).remove).toEqual(['X-Powered-By']);
  });
});
