import { describe, expect, it } from 'vitest'
import { describePayment, describeRequest } from './describe-request.ts'

describe('describeRequest', () => {
  it.each([
    ['/api/captions/dQw4w9WgXcQ?mode=default', 'captions of dQw4w9WgXcQ (json)'],
    [
      '/api/captions/dQw4w9WgXcQ?format=srt&lang=fr&mode=fallback-whisper',
      'captions of dQw4w9WgXcQ (srt, fr, fallback-whisper)',
    ],
    ['/api/files/captions/dQw4w9WgXcQ', 'caption file list of dQw4w9WgXcQ'],
    [
      '/api/search?location=48.8566,2.3522&locationRadius=10km&type=video',
      'location search at 48.8566,2.3522, 10km',
    ],
    ['/api/popularVideos', 'popular videos'],
    ['/api/popularVideos?pageToken=CDIQAA', 'a further page of popular videos'],
    ['/api/channels?forHandle=%40rickastleyyt', 'channel @rickastleyyt'],
    ['/api/channels?ids=UCa,UCb,UCc&fields=id', '3 channels'],
    ['/api/commentReplies?parentCommentId=Ugz&format=html', 'replies to Ugz'],
    ['/api/commentReplies?parentCommentId=Ugz&pageToken=x', 'more replies to Ugz'],
  ])('%s → %s', (url, text) => {
    expect(describeRequest(url)).toBe(text)
  })
})

describe('describePayment', () => {
  const receipt = { url: '/api/popularVideos', fetchedAt: '2026-11-25T00:00:00Z' }
  it('says what was paid, or that it came free from the cache', () => {
    expect(describePayment({ ...receipt, costUsd: 0.00013, cache: 'MISS' })).toBe(
      'Paid $0.00013 for popular videos',
    )
    expect(describePayment({ ...receipt, costUsd: 0, cache: 'HIT' })).toBe('Cached, free: popular videos')
    expect(describePayment({ ...receipt, costUsd: 0, cache: 'MISS' })).toBe('Not charged: popular videos')
  })
})
