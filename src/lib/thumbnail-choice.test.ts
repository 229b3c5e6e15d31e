import { describe, expect, it } from 'vitest'
import { bestThumbnail, thumbnailSrcSet } from './thumbnail-choice.ts'

const set = {
  default: { url: 'https://i.example/default.jpg', width: 120, height: 90 },
  medium: { url: 'https://i.example/mq.jpg', width: 320, height: 180 },
  high: { url: 'https://i.example/hq.jpg', width: 480, height: 360 },
  standard: { url: 'https://i.example/sd.jpg', width: 640, height: 480 },
  maxres: { url: 'https://i.example/maxres.jpg', width: 1280, height: 720 },
}

describe('bestThumbnail', () => {
  it('takes the smallest image that covers the card at the given density', () => {
    expect(bestThumbnail(set, 160)?.url).toBe('https://i.example/mq.jpg')
    expect(bestThumbnail(set, 200)?.url).toBe('https://i.example/hq.jpg')
    expect(bestThumbnail(set, 100, 1)?.url).toBe('https://i.example/default.jpg')
  })

  it('falls back to the largest image when none is wide enough, and copes with missing sizes', () => {
    expect(bestThumbnail(set, 1000)?.url).toBe('https://i.example/maxres.jpg')
    expect(bestThumbnail({ high: set.high }, 160)?.url).toBe('https://i.example/hq.jpg')
    expect(bestThumbnail({ x: { url: 'https://i.example/x.jpg' } }, 160)).toEqual({
      url: 'https://i.example/x.jpg',
    })
    expect(bestThumbnail(undefined, 160)).toBeUndefined()
  })
})

describe('thumbnailSrcSet', () => {
  it('lists every width once', () => {
    expect(thumbnailSrcSet(set)).toBe(
      'https://i.example/default.jpg 120w, https://i.example/mq.jpg 320w, https://i.example/hq.jpg 480w, https://i.example/sd.jpg 640w, https://i.example/maxres.jpg 1280w',
    )
    expect(thumbnailSrcSet({ high: set.high })).toBeUndefined()
  })
})
