import { describe, expect, it } from 'vitest'
import { pseudonymiseRows, pseudonymsFor, randomSalt } from './pseudonymise.ts'
import type { ReplyExportRow } from './reply-export.ts'

function row(id: string, author: string, channelId: string, text: string, display = text): ReplyExportRow {
  return {
    id,
    parentId: 'UgzParent',
    replyToId: null,
    depth: 0,
    author,
    authorChannelId: channelId,
    authorChannelUrl: `http://www.youtube.com/@${author.toLowerCase().replace(/\W/g, '')}`,
    authorProfileImageUrl: `https://yt3.example/${channelId}.jpg`,
    publishedAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    likeCount: 1,
    textOriginal: text,
    textDisplay: display,
  }
}

const ROWS = [
  row('r1', "Anna O'Neil", 'UCaaaaaaaaaaaaaaaaaaaaaa', 'first'),
  row(
    'r2',
    'Ben',
    'UCbbbbbbbbbbbbbbbbbbbbbb',
    "@Anna O'Neil you are right",
    '<a href="http://www.youtube.com/channel/UCaaaaaaaaaaaaaaaaaaaaaa">@Anna O&#39;Neil</a> you are right',
  ),
  row('r3', "Anna O'Neil", 'UCaaaaaaaaaaaaaaaaaaaaaa', '@ben thanks (handle)'),
]

describe('pseudonymiseRows', () => {
  it('gives the same author the same pseudonym throughout one export, in columns and in mentions', async () => {
    const { rows, authors } = await pseudonymiseRows(ROWS, 'salt-1')
    expect(authors).toBe(2)
    const anna = rows[0]!.author
    expect(anna).toMatch(/^author-[0-9a-f]{8}$/)
    expect(rows[2]!.author).toBe(anna)
    expect(rows[1]!.author).not.toBe(anna)
    expect(rows[0]!.authorChannelId).toMatch(/^channel-[0-9a-f]{8}$/)
    expect(rows[2]!.authorChannelId).toBe(rows[0]!.authorChannelId)
    expect(rows[1]!.textOriginal).toBe(`@${anna} you are right`)
    expect(rows[1]!.textDisplay).toBe(
      `<a href="http://www.youtube.com/channel/${rows[0]!.authorChannelId}">@${anna}</a> you are right`,
    )
    expect(rows[2]!.textOriginal).toBe(`@${rows[1]!.author} thanks (handle)`)
  })

  it('leaves no real name, channel id, channel URL or avatar in the output', async () => {
    const { rows } = await pseudonymiseRows(ROWS, 'salt-1')
    const text = JSON.stringify(rows)
    for (const secret of ['Anna', 'Neil', 'Ben', 'UCaaaa', 'UCbbbb', 'yt3.example', 'youtube.com/@'])
      expect(text).not.toContain(secret)
    expect(Object.keys(rows[0]!)).not.toContain('authorChannelUrl')
    expect(Object.keys(rows[0]!)).not.toContain('authorProfileImageUrl')
  })

  it('is stable for the same salt and differs across salts', async () => {
    const a = await pseudonymiseRows(ROWS, 'salt-1')
    const b = await pseudonymiseRows(ROWS, 'salt-1')
    const c = await pseudonymiseRows(ROWS, 'salt-2')
    expect(b.rows).toEqual(a.rows)
    expect(c.rows[0]!.author).not.toBe(a.rows[0]!.author)
    expect(c.rows[0]!.authorChannelId).not.toBe(a.rows[0]!.authorChannelId)
  })

  it('keeps structure, times, likes and the words that are not names; ids become pseudonyms that keep the links', async () => {
    const { rows, ids } = await pseudonymiseRows([ROWS[0]!, { ...ROWS[1]!, replyToId: 'r1', depth: 1 }], 's')
    expect(rows[1]).toMatchObject({
      id: expect.stringMatching(/^reply-[0-9a-f]{8}$/),
      parentId: expect.stringMatching(/^comment-[0-9a-f]{8}$/),
      replyToId: rows[0]!.id,
      depth: 1,
      likeCount: 1,
      publishedAt: '2024-01-01T00:00:00Z',
    })
    expect(rows[0]!.parentId).toBe(rows[1]!.parentId)
    expect(ids.get('UgzParent')).toBe(rows[0]!.parentId)
    expect(rows[1]!.textOriginal).toMatch(/you are right$/)
  })

  it('replaces reply and comment ids inside the texts too (links to a reply name its thread)', async () => {
    const parent = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
    const reply = `${parent}.9xYzAbCdEfG`
    const link = (id: string) => `<a href="https://www.youtube.com/watch?v=x&amp;lc=${id}">see</a>`
    const { rows } = await pseudonymiseRows(
      [
        { ...ROWS[0]!, id: reply, parentId: parent },
        {
          ...ROWS[1]!,
          id: `${parent}.8aBcD`,
          parentId: parent,
          textDisplay: `${link(reply)} ${link(parent)}`,
        },
      ],
      's',
    )
    const text = JSON.stringify(rows)
    expect(text).not.toContain(parent)
    expect(rows[1]!.textDisplay).toBe(`${link(rows[0]!.id)} ${link(rows[0]!.parentId)}`)
  })
})

describe('pseudonymsFor', () => {
  it('is SHA-256 of salt + value, 8 hex digits', async () => {
    // sha256("s" + "x") = 9740c9dc…: computed independently with `printf sx | sha256sum`.
    const map = await pseudonymsFor(['x'], 's', 'author')
    expect(map.get('x')).toBe('author-9740c9dc')
  })

  it('random salts differ', () => {
    expect(randomSalt()).toMatch(/^[0-9a-f]{32}$/)
    expect(randomSalt()).not.toBe(randomSalt())
  })
})
