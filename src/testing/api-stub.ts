/** Component tests reach the API through this: relative /api URLs are answered by an in-process handler. */
import { onTestFinished, vi } from 'vitest'

export type ApiHandler = (request: Request) => Response | Promise<Response>

/** The real function + simulator, in-process (installed by server/testing/in-process-api.setup.ts). */
export const inProcessApi: ApiHandler = (request) => {
  const handler = (globalThis as { __poixInProcessApi?: ApiHandler }).__poixInProcessApi
  if (!handler) throw new Error('The in-process API is not installed: check vitest.config.ts setupFiles.')
  return handler(request)
}

/** Replaces `fetch` for `/api/...` URLs until the current test finishes (call it inside a test). */
export function stubApi(handler: ApiHandler): void {
  const original = globalThis.fetch
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    if (!url.startsWith('/api') && !url.startsWith('http://localhost/api')) return original(input, init)
    return handler(new Request(new URL(url, 'http://localhost'), init))
  })
  onTestFinished(() => {
    vi.unstubAllGlobals()
  })
}

/** Wraps a handler so one route fails (or answers differently) while the rest pass through. */
export function overrideRoute(
  base: ApiHandler,
  matches: (url: URL) => boolean,
  answer: ApiHandler,
): ApiHandler {
  return (req) => (matches(new URL(req.url)) ? answer(req) : base(req))
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}
