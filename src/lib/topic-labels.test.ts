import { describe, expect, it } from 'vitest'
import { topicLabel } from './topic-labels.ts'

describe('topicLabel', () => {
  it('uses the last path segment, decoded, with underscores as spaces', () => {
    expect(topicLabel('https://en.wikipedia.org/wiki/Pop_music')).toBe('Pop music')
    expect(topicLabel('https://en.wikipedia.org/wiki/Hip_hop_music/')).toBe('Hip hop music')
    expect(topicLabel('https://en.wikipedia.org/wiki/Caf%C3%A9_culture')).toBe('Café culture')
    expect(topicLabel('https://en.wikipedia.org/wiki/Rock_(music)')).toBe('Rock (music)')
  })

  it('keeps what it cannot decode', () => {
    expect(topicLabel('https://en.wikipedia.org/wiki/Bad%E0%A4')).toBe('Bad%E0%A4')
    expect(topicLabel('Society')).toBe('Society')
  })
})
