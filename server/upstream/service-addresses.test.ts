import { describe, expect, it } from 'vitest'
import { serviceAddresses } from './service-addresses.ts'

const BASE = 'https://api.poix.test/v1'
const { inJson, inText } = serviceAddresses(BASE)

describe('the service’s addresses in its answers', () => {
  it('maps routed addresses, drops the others, and leaves other hosts alone', () => {
    const body = JSON.stringify({
      captionsUrl: `${BASE}/captions/dQw4w9WgXcQ`,
      videoFileUrl: `${BASE}/files/video/dQw4w9WgXcQ`,
      list: [`${BASE}/files/audio/dQw4w9WgXcQ`, `${BASE}/files/captions/dQw4w9WgXcQ?lang=en`],
      thumb: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg',
      lookalike: 'https://api.poix.test.example.org/v1/captions/x',
      otherPath: 'https://api.poix.test/v10/captions/x',
      description: `Files at ${BASE}/files/video/dQw4w9WgXcQ and captions at ${BASE}/captions/dQw4w9WgXcQ?format=srt.`,
    })
    expect(JSON.parse(inJson(body))).toEqual({
      captionsUrl: '/api/captions/dQw4w9WgXcQ',
      list: ['/api/files/captions/dQw4w9WgXcQ?lang=en'],
      thumb: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/default.jpg',
      lookalike: 'https://api.poix.test.example.org/v1/captions/x',
      otherPath: 'https://api.poix.test/v10/captions/x',
      description: 'Files at  and captions at /api/captions/dQw4w9WgXcQ?format=srt.',
    })
  })

  it('reads escaped slashes and another case of the host; a body without the host is the same string', () => {
    const escaped =
      '{"staticUrl":"https:\\/\\/API.poix.test\\/v1\\/captions\\/dQw4w9WgXcQ?format=vtt&lang=en"}'
    expect(JSON.parse(inJson(escaped))).toEqual({ staticUrl: '/api/captions/dQw4w9WgXcQ?format=vtt&lang=en' })
    const plain = '{ "a": "https://i.ytimg.com/x" }'
    expect(inJson(plain)).toBe(plain)
    expect(inJson('not json api.poix.test')).toBe('not json api.poix.test')
  })

  it('takes them out of error messages too', () => {
    expect(inText(`No file at ${BASE}/files/video/abc; see ${BASE}/captions/abc`)).toBe(
      'No file at the data service; see /api/captions/abc',
    )
  })
})
