/** JSON bodies checked before anything runs: a 400 names the parameter (with its index in a list) and what is allowed. */
import type { z } from 'zod'
import type { Context } from 'hono'
import { invalidQuery } from '../errors.ts'
import { describeIssue } from '../validation.ts'

/** Bodies past this are refused before parsing (10,000 ids with their metadata fit well within it). */
const MAX_BODY_BYTES = 8 * 1024 * 1024

export async function validBody<S extends z.ZodObject>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text()
  if (text.length > MAX_BODY_BYTES)
    throw invalidQuery('body', `The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`)
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
