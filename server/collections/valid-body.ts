/** JSON bodies checked before anything runs: a 400 names the parameter (with its index in a list) and what is allowed. */
import type { z } from 'zod'
import type { Context } from 'hono'
import type { AppEnv } from '../app-context.ts'
import { invalidQuery } from '../errors.ts'
import { describeIssue } from '../validation.ts'

export async function validBody<S extends z.ZodObject>(c: Context<AppEnv>, schema: S): Promise<z.infer<S>> {
  // Reading a body whole is safe only behind limitBody (security/body-limit.ts), which caps it as it streams.
  if (c.var.bodyLimit === undefined)
    throw new Error(`${c.req.method} ${c.req.routePath} reads a body without limitBody`)
  const text = await c.req.text()
  let json: unknown
  try {
    json = text.trim() ? JSON.parse(text) : {}
  } catch {
    throw invalidQuery('body', 'The request body is not valid JSON.')
  }
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]!
  const { param, message } = describeIssue(issue, Object.keys(schema.shape))
  const where = issue.path.length > 1 ? `${param}[${issue.path.slice(1).join('][')}]` : param
  throw invalidQuery(param || 'body', where && !message.includes(where) ? `${where}: ${message}` : message)
}
