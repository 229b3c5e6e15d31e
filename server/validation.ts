/** Query and path validation: everything is checked before anything is paid; a 400 names the parameter and what is allowed (the schemas are contract/requests.ts, shared with the SPA). */
import type { z } from 'zod'
import type { Context } from 'hono'
import { zValidator } from '@hono/zod-validator'
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

export {
  CaptionFilesQuery,
  CaptionQuery,
  ChannelsQuery,
  PopularQuery,
  RepliesQuery,
  SearchQuery,
  VideoIdParam,
} from '#contract/requests.ts'
