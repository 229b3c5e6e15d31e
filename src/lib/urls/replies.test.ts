import { describe, expect, it } from 'vitest'
import { parseRepliesSearch, repliesPath, repliesSearchString } from './replies.ts'

describe('replies URL state', () => {
  it('reads every value and writes format always, the rest only when not default', () => {
    const reply = 'UgzABCDEFGHIJKLMNOPQRSTU.9abcdefghijklmnopqrstu'
    const { state, problems } = parseRepliesSearch(
      new URLSearchParams(`format=plainText&view=flat&sort=liked&q=hi&reply=${reply}&video=dQw4w9WgXcQ`),
    )
    expect(problems).toEqual([])
    expect(state).toEqual({
      format: 'plainText',
      view: 'flat',
      sort: 'liked',
      q: 'hi',
      reply,
      video: 'dQw4w9WgXcQ',
    })
    expect(repliesSearchString(state)).toBe(
      `?format=plainText&view=flat&sort=liked&q=hi&reply=${reply}&video=dQw4w9WgXcQ`,
    )
    expect(repliesSearchString({ format: 'html', view: 'tree', sort: 'oldest', q: '' })).toBe('?format=html')
  })

  it('falls back to the default and names each bad value', () => {
    const { state, problems } = parseRepliesSearch(
      new URLSearchParams('format=pdf&view=grid&sort=random&reply=nope&video=short'),
    )
    expect(state).toEqual({ format: 'html', view: 'tree', sort: 'oldest', q: '' })
    expect(problems).toEqual([
      'format=pdf is not one of html, plainText; showing html.',
      'view=grid is not one of tree, flat; showing tree.',
      'sort=random is not one of oldest, newest, liked; showing oldest.',
      'reply=nope is not a reply id (<comment id>.<22 characters>); nothing is highlighted.',
      'video=short is not a video id (11 characters); codings will not name it.',
    ])
  })

  it('builds the view URL of a comment', () => {
    expect(repliesPath()).toBe('/replies')
    expect(repliesPath('UgzABCDEFGHIJKLMNOPQRSTU', { format: 'html', sort: 'newest' })).toBe(
      '/replies/UgzABCDEFGHIJKLMNOPQRSTU?format=html&sort=newest',
    )
  })
})
