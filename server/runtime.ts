/** Wires the function from its configuration: the upstream client (simulator in demo mode) and the gateway routes pay through. */
import type { Config } from './config.ts'
import { createApp, type AppDeps } from './app.ts'
import { createUpstreamClient } from './upstream/client.ts'
import { createDirectGateway } from './upstream/gateway.ts'
import { createSimulator } from './simulator/app.ts'
import { SIMULATOR_TOKEN } from './simulator/token.ts'
import { simulatorControlRoute } from './routes/simulator-control.ts'

export type RuntimeOptions = {
  config: Config
  env?: Record<string, string | undefined>
  /** Live-mode transport override (tests inject failing fetches). */
  fetch?: (req: Request) => Promise<Response>
  log?: (line: string) => void
}

export function createRuntime({ config, env = process.env, fetch, log }: RuntimeOptions) {
  const simulator = config.mode === 'demo' ? createSimulator({ baseUrl: config.apiUrl }) : undefined
  const client = createUpstreamClient({
    env,
    baseUrl: config.apiUrl,
    timeoutMs: config.upstreamTimeoutMs,
    fetch,
    demo: simulator ? { fetch: (req) => simulator.fetch(req), token: SIMULATOR_TOKEN } : undefined,
  })
  const gateway = createDirectGateway(client)
  const deps: AppDeps = { config, gateway, log, routes: {} }
  if (simulator && config.simulatorFaultControl) deps.routes!['/__simulator'] = simulatorControlRoute(simulator)
  return { app: createApp(deps), simulator, client, gateway }
}
