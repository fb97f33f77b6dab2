// A request on the admin host as the admin routes' tests make it: JSON body when there is one, bearer token when given.
import type { TestApp } from '../helpers/app.ts';

export async function adminCall(
  ctx: TestApp,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token?: string,
) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: {
      host: ctx.config.adminHost,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    payload: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.statusCode, json: res.json() };
}
