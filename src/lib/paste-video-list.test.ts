import { describe, expect, it } from 'vitest'
import { parseVideoList } from './paste-video-list.ts'

describe('parseVideoList', () => {
  it('reads ids and every video link form, one per line, comma or space', () => {
    const text = [
      'dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=Jp4cK9tRz1U&t=42',
      'youtu.be/As3rOnly5xk, https://www.youtube.com/shorts/Ar7bQx2LmPo',
      '  https://www.youtube-nocookie.com/embed/k7Ry2VqWm_E   Zp3xQe9LbTg',
    ].join('\n')
    expect(parseVideoList(text)).toEqual({
      videoIds: ['dQw4w9WgXcQ', 'Jp4cK9tRz1U', 'As3rOnly5xk', 'Ar7bQx2LmPo', 'k7Ry2VqWm_E', 'Zp3xQe9LbTg'],
      rejected: [],
      duplicates: 0,
    })
  })

  it('merges duplicates, including ids already in the list', () => {
    const r = parseVideoList('dQw4w9WgXcQ\nhttps://youtu.be/dQw4w9WgXcQ\nJp4cK9tRz1U', ['Jp4cK9tRz1U'])
    expect(r.videoIds).toEqual(['dQw4w9WgXcQ'])
    expect(r.duplicates).toBe(2)
  })

  it('lists what is not a video with the reason', () => {
    const r = parseVideoList('not-a-link\nUCuAXFkgsw1L7xaCfnd5JJOw\nhttps://example.com/x\n@rickastleyyt')
    expect(r.videoIds).toEqual([])
    expect(r.rejected.map((x) => x.token)).toEqual([
      'not-a-link',
      'UCuAXFkgsw1L7xaCfnd5JJOw',
      'https://example.com/x',
      '@rickastleyyt',
    ])
    expect(r.rejected[0]!.reason).toMatch(/Could not tell what "not-a-link" is/)
    expect(r.rejected[1]!.reason).toMatch(/is a channel, not a video/)
    expect(r.rejected[2]!.reason).toMatch(/example\.com/)
    expect(r.rejected[3]!.reason).toMatch(/channel/)
  })

  it('takes the video of a comment permalink', () => {
    expect(
      parseVideoList('https://www.youtube.com/watch?v=dQw4w9WgXcQ&lc=UgzoQVUwDeGW1IS5_uR4AaABAg').videoIds,
    ).toEqual(['dQw4w9WgXcQ'])
  })

  it('ignores blank input', () => {
    expect(parseVideoList(' \n\n ,, ')).toEqual({ videoIds: [], rejected: [], duplicates: 0 })
  })
})
