/** Pays for (or only prices) a call and sends the answer with its price and cache state, so the cost meter and the ledger agree. */
import type { Context } from 'hono'
import type { AppEnv } from '../app-context.ts'
import type { PaidCall } from '../gateway.ts'

export const JSON_TYPE = 'application/json; charset=utf-8'

/** Header by which /api/quote asks a route for its price instead of its data (quoting is free and read-only). */
export const QUOTE_HEADER = 'x-poix-quote'

export async function payAndSend(
  c: Context<AppEnv>,
  call: Omit<PaidCall, 'signal' | 'clientKey'>,
  contentType: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const full: PaidCall = { ...call, signal: c.req.raw.signal, clientKey: c.var.clientKey }
  if (c.req.header(QUOTE_HEADER) === '1') return c.json(await c.var.gateway.quote(full))
  const result = await c.var.gateway.call(full)
  return c.body(result.body, 200, {
    'Content-Type': contentType,
    'X-Cost-USD': String(result.costUsd),
    'X-Cache': result.cache,
    // The browser keeps its own query cache; the function's cache is what saves money.
    'Cache-Control': 'private, no-cache',
    ...headers,
  })
}
