import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createRuntime } from '../runtime.ts'
import { disposedAfterEach, errorOf } from '../testing/spend-harness.ts'
import { BODY_LIMITS, formatBytes } from './body-limit.ts'

const ID = 'c0000000000000000000000000'
const UUID = '00000000-0000-4000-8000-000000000000'

/** Every route that reads a body, with the most it takes. */
const BODY_ROUTES: [method: string, path: string, limit: number][] = [
  ['POST', '/api/collections', BODY_LIMITS.videos],
  ['POST', `/api/collections/${ID}/videos`, BODY_LIMITS.videos],
  ['POST', `/api/collections/${ID}/collect`, BODY_LIMITS.small],
  ['POST', `/api/collections/${ID}/codes`, BODY_LIMITS.code],
  ['PATCH', `/api/collections/${ID}/codes/${UUID}`, BODY_LIMITS.code],
  ['POST', `/api/collections/${ID}/codings`, BODY_LIMITS.coding],
  ['PATCH', `/api/collections/${ID}/codings/${UUID}`, BODY_LIMITS.coding],
  ['POST', '/api/session', BODY_LIMITS.small],
  ['POST', '/api/quote', BODY_LIMITS.quoteBatch],
  ['POST', '/api/__simulator/faults', BODY_LIMITS.small],
]

/** `size` bytes of spaces, streamed in 64 KB pieces with no Content-Length (as a chunked upload arrives). */
function streamedBody(size: number): ReadableStream<Uint8Array> {
  const piece = new Uint8Array(64 * 1024).fill(0x20)
  let left = size
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close()
      const n = Math.min(left, piece.length)
      controller.enqueue(piece.slice(0, n))
      left -= n
    },
  })
}

describe('every route that reads a body caps it as it streams', () => {
  const track = disposedAfterEach()
  const app = () =>
    track(
      createRuntime({
        config: loadConfig({
          DATA_DIR: ':memory:',
          SIMULATOR_FAULT_CONTROL: '1',
          COLLECT_VECTOR_WORKER: 'off',
        }),
        log: () => {},
      }),
    ).app
  const send = (a: ReturnType<typeof app>, method: string, path: string, size: number) =>
    a.request(path, { method, body: streamedBody(size), duplex: 'half' } as RequestInit)

  it('one byte over the limit: 413 with the JSON error naming the limit; at the limit: read', async () => {
    const a = app()
    for (const [method, path, limit] of BODY_ROUTES) {
      const over = await send(a, method, path, limit + 1)
      expect(over.status, `${method} ${path}`).toBe(413)
      const error = await errorOf(over)
      expect(error).toMatchObject({ code: 'invalid_query', param: 'body' })
      expect(error.message).toContain(`larger than ${formatBytes(limit)}`)
      const at = await send(a, method, path, limit)
      expect(at.status, `${method} ${path} at its limit`).not.toBe(413)
      expect(at.status).toBeLessThan(500)
    }
  })
})
