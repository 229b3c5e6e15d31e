/** Vitest setup: relative `/api/...` fetches are answered in-process by the real function + simulator (demo mode, memory storage). */
type Handler = (request: Request) => Promise<Response>

declare global {
  var __poixInProcessApi: Handler | undefined
}

let appPromise: Promise<Handler> | undefined

async function inProcessApi(request: Request): Promise<Response> {
  appPromise ??= (async () => {
    const { loadConfig } = await import('../config.ts')
    const { createRuntime } = await import('../runtime.ts')
    const { app } = createRuntime({
      // The cue worker (an engine of its own per test file) has its own tests; here the database computes the vectors.
      config: loadConfig({ DATA_DIR: ':memory:', COLLECT_VECTOR_WORKER: 'off' }),
      log: () => {},
    })
    return (req: Request) => Promise.resolve(app.fetch(req))
  })()
  return (await appPromise)(request)
}

globalThis.__poixInProcessApi = inProcessApi

const networkFetch = globalThis.fetch
// Set directly (not vi.stubGlobal) so a test's own stubApi/unstubAllGlobals falls back to this, not to the network.
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (
    url.startsWith('/api') ||
    url.startsWith('http://localhost/api') ||
    url.startsWith('http://localhost:3000/api')
  ) {
    const request = input instanceof Request ? input : new Request(new URL(url, 'http://localhost'), init)
    return inProcessApi(request)
  }
  return networkFetch(input, init)
}

export {}
