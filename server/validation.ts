/** Query and path validation: everything is checked before anything is paid; a 400 names the parameter and what is allowed (the schemas are contract/requests.ts, shared with the SPA). */
import type { z } from 'zod'
import type { Context } from 'hono'
import { zValidator } from '@hono/zod-validator'
import type { AppEnv } from './app-context.ts'
import { errorResponse, invalidQuery } from './errors.ts'

type Issue = z.core.$ZodIssue

/** One readable sentence for the first problem, naming the parameter. */
export function describeIssue(issue: Issue, allowed: readonly string[]): { param: string; message: string } {
  if (issue.code === 'unrecognized_keys') {
    const [key] = issue.keys
    return {
      param: key ?? '',
      message: `Unknown parameter "${key}". Allowed: ${allowed.join(', ') || 'none'}.`,
    }
  }
  const param = String(issue.path[0] ?? '')
  return { param, message: issue.message }
}

/** The 400 hook shared by every zValidator: `{"error":{"code":"invalid_query","message","param"}}`. */
function reject(allowed: readonly string[]) {
  return (
    result: { success: true } | { success: false; error: { issues: readonly Issue[] } },
    c: Context,
  ) => {
    if (!result.success) {
      const issues = result.error.issues
      const first = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!
      const { param, message } = describeIssue(first, allowed)
      return errorResponse(
        c,
        invalidQuery(param, param && !message.includes(param) ? `${param}: ${message}` : message),
      )
    }
    return undefined
  }
}

export const validQuery = <S extends z.ZodObject>(schema: S) =>
  zValidator('query', schema, reject(Object.keys(schema.shape)))

export const validParam = <S extends z.ZodObject>(schema: S) =>
  zValidator('param', schema, reject(Object.keys(schema.shape)))

// JSON bodies are checked the same way before anything runs: a 400 names the parameter (with its index in a list).
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

export {
  CaptionFilesQuery,
  CaptionQuery,
  ChannelsQuery,
  PopularQuery,
  RepliesQuery,
  SearchQuery,
  VideoIdParam,
} from '#contract/requests.ts'
