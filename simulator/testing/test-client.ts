/** Test helper: requests to a simulator through its fetch (no network), with or without the token. */
import { createSimulator, type Simulator } from '../app.ts'
import { SIMULATOR_TOKEN } from '../token.ts'

export const TEST_BASE_URL = 'https://api.poix.test'
const AUTH = { Authorization: `Bearer ${SIMULATOR_TOKEN}` }

export function testSimulator(): Simulator {
  return createSimulator({ baseUrl: TEST_BASE_URL })
}

export function call(sim: Simulator, path: string, init: RequestInit = {}): Promise<Response> {
  return sim.fetch(
    new Request(`${TEST_BASE_URL}${path}`, {
      ...init,
      headers: { ...AUTH, ...(init.headers as Record<string, string> | undefined) },
    }),
  )
}

/** The JSON body of a 200 answer; throws with the status and body otherwise, so a failing test says why. */
export async function okJson(sim: Simulator, path: string): Promise<unknown> {
  const res = await call(sim, path)
  const body = await res.text()
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body}`)
  return JSON.parse(body) as unknown
}

export async function status(
  sim: Simulator,
  path: string,
): Promise<{ status: number; body: string; contentType: string }> {
  const res = await call(sim, path)
  return { status: res.status, body: await res.text(), contentType: res.headers.get('Content-Type') ?? '' }
}
