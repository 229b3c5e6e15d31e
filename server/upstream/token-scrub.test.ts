import { describe, expect, it } from 'vitest'
import { fakeUpstream, TEST_TOKEN } from '../testing/fake-upstream.ts'
import { createUpstreamClient } from './client.ts'

const clientAnswering = (body: string) =>
  createUpstreamClient({
    token: TEST_TOKEN,
    baseUrl: 'https://api.poix.test',
    timeoutMs: 2000,
    fetch: async () => new Response(body),
  })

const captions = {
  operation: 'GET /captions/{videoId}' as const,
  path: '/captions/dQw4w9WgXcQ',
  query: { format: 'text' },
}

describe('a 2xx body never carries the token out of the client', () => {
  it('replaces every occurrence with [token] and counts the bytes of what it returns', async () => {
    const body = `\uFEFFÉtoile ${TEST_TOKEN} 星 — مرحبا\nBearer ${TEST_TOKEN}${TEST_TOKEN}\n`
    const answer = await clientAnswering(body).request(captions)
    expect(answer.body).not.toContain(TEST_TOKEN)
    expect(answer.body).toBe('\uFEFFÉtoile [token] 星 — مرحبا\nBearer [token][token]\n')
    expect(answer.bytes).toBe(Buffer.byteLength(answer.body))
  })

  it('leaves a body without the token untouched, byte for byte', async () => {
    const body = '\uFEFFÉtoile poix-other-token 星\n'
    const answer = await clientAnswering(body).request(captions)
    expect(answer.body).toBe(body)
    expect(answer.bytes).toBe(Buffer.byteLength(body))
  })

  it('through the function: a caption file echoing the token reaches the browser without it', async () => {
    const { app } = fakeUpstream(
      () =>
        new Response(`WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nyour token is ${TEST_TOKEN}\n`, {
          headers: { 'Content-Type': 'text/vtt' },
        }),
    )
    const res = await app.request('/api/captions/dQw4w9WgXcQ?format=vtt&lang=en')
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).not.toContain(TEST_TOKEN)
    expect(text).toContain('your token is [token]')
  })
})
