import { describe, expect, it } from 'vitest'
import { inferThreads, type ThreadableReply } from './thread-inference.ts'

let clock = Date.parse('2024-03-01T10:00:00Z')
/** Replies one minute apart, in the order written. */
function thread(
  ...rows: [id: string, author: string, text: string, extra?: Partial<ThreadableReply>][]
): ThreadableReply[] {
  return rows.map(([id, author, text, extra]) => {
    clock += 60_000
    return {
      id,
      authorDisplayName: author,
      authorChannelId: { value: `UC-${author}` },
      textOriginal: text,
      publishedAt: new Date(clock).toISOString(),
      ...extra,
    }
  })
}

function shape(replies: ThreadableReply[]) {
  const links = inferThreads(replies)
  return Object.fromEntries(replies.map((r) => [r.id, [links.get(r.id)!.replyToId, links.get(r.id)!.depth]]))
}

describe('inferThreads', () => {
  it('nests a reply under the latest earlier reply of the person it mentions by display name', () => {
    const replies = thread(
      ['a1', 'Anna', 'Great video'],
      ['b1', 'Ben', '@Anna agreed'],
      ['a2', 'Anna', 'also the chorus'],
      ['c1', 'Cleo', '@Anna which part?'],
      ['b2', 'Ben', '@Cleo the bridge'],
    )
    expect(shape(replies)).toEqual({
      a1: [null, 0],
      b1: ['a1', 1],
      a2: [null, 0],
      c1: ['a2', 1], // Anna's latest earlier reply, not her first
      b2: ['c1', 2],
    })
    expect(inferThreads(replies).get('b1')).toMatchObject({ via: 'mention', mentionedName: 'Anna' })
  })

  it('resolves mentions by handle, from a handle display name or the channel URL', () => {
    const replies = thread(
      ['a1', '@anna.k', 'first'],
      ['b1', 'Ben Ortiz', 'second', { authorChannelUrl: 'http://www.youtube.com/@benortiz' }],
      ['c1', 'Cleo', '@anna.k you are right'],
      ['c2', 'Cleo', 'hey @BenOrtiz, source?'],
    )
    expect(shape(replies)).toMatchObject({ c1: ['a1', 1], c2: ['b1', 1] })
  })

  it('matches names with spaces, longest name first, case-insensitively', () => {
    const replies = thread(
      ['a1', 'Anna', 'hi'],
      ['a2', 'Anna Lee', 'hello'],
      ['b1', 'Ben', '@anna lee I think so'],
      ['b2', 'Ben', '@Anna too'],
      ['b3', 'Ben', '@Annabelle is not here'],
    )
    expect(shape(replies)).toMatchObject({ b1: ['a2', 1], b2: ['a1', 1], b3: [null, 0] })
  })

  it('matches names in non-Latin scripts, with and without spaces after them', () => {
    const replies = thread(
      ['r1', 'Иван Петров', 'Отличная песня'],
      ['j1', '山田太郎', 'いい曲'],
      ['x1', 'Ahmad', '@Иван Петров согласен'],
      ['x2', 'Ahmad', '@山田太郎さん ありがとう'],
      ['x3', 'Ahmad', '＠山田太郎 fullwidth at sign'],
    )
    expect(shape(replies)).toMatchObject({ x1: ['r1', 1], x2: ['j1', 1], x3: ['j1', 1] })
  })

  it('leaves at top level a mention of someone who has not replied yet, even if they reply later', () => {
    const replies = thread(
      ['b1', 'Ben', '@Anna what do you think?'],
      ['a1', 'Anna', 'I think so'],
      ['c1', 'Cleo', '@Zed nobody here'],
    )
    expect(shape(replies)).toEqual({ b1: [null, 0], a1: [null, 0], c1: [null, 0] })
    expect(inferThreads(replies).get('b1')!.via).toBe('none')
  })

  it('uses the first mention of someone who has replied when the first name mentioned has not', () => {
    const replies = thread(['a1', 'Anna', 'x'], ['b1', 'Ben', '@Zed and @Anna both wrong'])
    expect(shape(replies)).toMatchObject({ b1: ['a1', 1] })
  })

  it('treats a self-mention as a continuation beside the author’s previous reply, and prefers mentions of others', () => {
    const replies = thread(
      ['a1', 'Anna', 'first point'],
      ['b1', 'Ben', '@Anna no'],
      ['b2', 'Ben', '@Ben edit: I meant yes'],
      ['b3', 'Ben', '@Ben @Anna sorry'],
      ['c1', 'Cleo', '@Cleo talking to myself'],
    )
    expect(shape(replies)).toEqual({
      a1: [null, 0],
      b1: ['a1', 1],
      b2: ['a1', 1], // beside b1, answering what b1 answered
      b3: ['a1', 1], // Anna wins over the self-mention
      c1: [null, 0], // no earlier reply of her own to continue
    })
    expect(inferThreads(replies).get('b2')!.via).toBe('continuation')
  })

  it('identifies authors by channel id, so a renamed author is still themself', () => {
    const replies = thread(
      ['a1', 'Anna', 'x', { authorChannelId: { value: 'UC-same' } }],
      ['a2', 'Anna K', '@Anna adding to my point', { authorChannelId: { value: 'UC-same' } }],
    )
    expect(inferThreads(replies).get('a2')!.via).toBe('continuation')
  })

  it('does not take an e-mail address or a longer word for a mention', () => {
    const replies = thread(
      ['a1', 'Anna', 'x'],
      ['b1', 'Ben', 'write to me@Anna.org'],
      ['b2', 'Ben', '@Annasays hi'],
    )
    expect(shape(replies)).toMatchObject({ b1: [null, 0], b2: [null, 0] })
  })

  it('orders by publishedAt, not by the order given', () => {
    const [a1, b1] = thread(['a1', 'Anna', 'x'], ['b1', 'Ben', '@Anna y'])
    expect(shape([b1!, a1!])).toEqual({ a1: [null, 0], b1: ['a1', 1] })
  })
})
