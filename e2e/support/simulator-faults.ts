/** Tells the demo simulator to misbehave through /api/__simulator (server/routes/simulator-control.ts). */
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test'

type FaultKind =
  | 'latency'
  | 'status'
  | 'timeout'
  | 'malformed-json'
  | 'schema-break'
  | 'rate-limit'
  | 'forbidden'
  | 'balance'
  | 'reset'
  | 'expired-token'

export type FaultRule = {
  /** Service path prefix (`/search`, `/commentReplies`); every operation when omitted. */
  path?: string
  kind: FaultKind
  status?: number
  ms?: number
  retryAfter?: number
  /** Requests the rule affects before it clears itself; forever when omitted. */
  times?: number
}

export type SimulatorStats = { calls: number; costUsd: number; byOperation: Record<string, number> }

/** Control calls are free and idempotent: one retry when a kept-alive socket was reset under them (a `reset` fault, a server's idle timeout). */
async function control(send: () => Promise<APIResponse>): Promise<APIResponse> {
  try {
    return await send()
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error
    return send()
  }
}

export async function setFault(request: APIRequestContext, baseUrl: string, rule: FaultRule): Promise<void> {
  const res = await control(() => request.post(`${baseUrl}/api/__simulator/faults`, { data: rule }))
  expect(res.status(), await res.text()).toBe(200)
}

export async function clearFaults(request: APIRequestContext, baseUrl: string): Promise<void> {
  const res = await control(() => request.delete(`${baseUrl}/api/__simulator/faults`))
  expect(res.status(), await res.text()).toBe(200)
}

export async function simulatorStats(request: APIRequestContext, baseUrl: string): Promise<SimulatorStats> {
  const res = await request.get(`${baseUrl}/api/__simulator/stats`)
  expect(res.ok()).toBe(true)
  return (await res.json()) as SimulatorStats
}

export type ErrorBody = {
  error: { code: string; message: string; param?: string; retryAfterSeconds?: number }
}

/** The function's error answer: the status, its JSON body with that code and a message, never an unhandled 500. */
export async function expectApiError(res: APIResponse, status: number, code: string): Promise<ErrorBody> {
  const text = await res.text()
  expect(res.status(), `${res.url()} answered ${res.status()}: ${text}`).toBe(status)
  expect(res.headers()['content-type']).toMatch(/application\/json/)
  const body = JSON.parse(text) as ErrorBody
  expect(body.error.code).toBe(code)
  expect(body.error.message.length).toBeGreaterThan(10)
  return body
}
