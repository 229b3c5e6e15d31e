/** A scripted stand-in for the service in function tests: records what it was sent, answers what the test says. */
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createUpstreamClient } from '../upstream/client.ts'
import { createDirectGateway } from './direct-gateway.ts'

export type Answer = (req: Request) => Response | Promise<Response>

export const TEST_TOKEN = 'poix-TESTtoken-9f8e7d6c5b4a'

export function fakeUpstream(answer: Answer, opts: { timeoutMs?: number } = {}) {
  const seen: Request[] = []
  const fetch = async (req: Request) => {
    seen.push(req)
    return answer(req)
  }
  const env = { DATA_API_TOKEN: TEST_TOKEN, DATA_API_URL: 'https://api.poix.test' }
  const config = { ...loadConfig(env), upstreamTimeoutMs: opts.timeoutMs ?? 2000 }
  const client = createUpstreamClient({
    token: config.apiToken,
    baseUrl: config.apiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    fetch,
  })
  const app = createApp({ config, gateway: createDirectGateway(client), log: () => {} })
  return { app, seen, config }
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
