/** The one line a person reads when the Postgres server at DATABASE_URL cannot be used at start: where, why, what to do. */
import { errnoCode } from './errno.ts'

/** Host, port and database of DATABASE_URL, never its password; undefined when it does not parse. */
export function serverOf(url: string): string | undefined {
  try {
    const u = new URL(url)
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`
  } catch {
    return undefined
  }
}

export function postgresOpenFailure(url: string, e: unknown, timeoutMs: number): string {
  const at = `DATABASE_URL (Postgres at ${serverOf(url) ?? 'an address that does not parse'})`
  const code = (e as { code?: unknown } | undefined)?.code ?? errnoCode(e)
  const message = e instanceof Error ? e.message : String(e)
  const database = (() => {
    try {
      return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres'
    } catch {
      return 'postgres'
    }
  })()
  switch (code) {
    case 'ECONNREFUSED':
      return `${at} refused the connection (ECONNREFUSED): start that Postgres server, or correct the host and port in DATABASE_URL.`
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${at}: its host was not found (${code}): correct the host in DATABASE_URL.`
    case '28P01':
    case '28000':
      return `${at} refused the sign-in: ${message} (${code}): correct the user name and password in DATABASE_URL.`
    case '3D000':
      return `${at}: the database "${database}" does not exist (3D000): create it (createdb ${database}) or correct its name in DATABASE_URL.`
  }
  if (code === 'ETIMEDOUT' || /timeout/i.test(message))
    return `${at} did not answer within ${timeoutMs} ms: check that the server is up and reachable from here, or raise DB_TIMEOUT_MS.`
  return `${at} could not be used: ${message || 'no reason given'}${typeof code === 'string' ? ` (${code})` : ''}: check the server and DATABASE_URL.`
}
