import { describe, expect, it } from 'vitest'
import { CommentRepliesPage } from '#contract/index.ts'
import {
  ANCHOR_COMMENT_ID,
  EMPTY_COMMENT_ID,
  HOSTILE_COMMENT_ID,
  ONE_REPLY_COMMENT_ID,
  PAGE_PLUS_ONE_COMMENT_ID,
  PAGE_REPLY_COMMENT_ID,
} from './data/anchors.ts'
import { okJson, status, testSimulator } from './testing/test-client.ts'

const sim = testSimulator()

async function allReplies(parent: string, format = 'html') {
  const pages: CommentRepliesPage[] = []
  let token: string | undefined
  do {
    const qs = new URLSearchParams({
      parentCommentId: parent,
      format,
      ...(token ? { pageToken: token } : {}),
    })
    const page = CommentRepliesPage.parse(await okJson(sim, `/commentReplies?${qs}`))
    pages.push(page)
    token = page.nextPageToken
  } while (token && pages.length < 10)
  return pages
}

describe('GET /commentReplies', () => {
  it('pages the 312 replies of the anchor comment 100 at a time, ids <parent>.<22 chars>', async () => {
    const pages = await allReplies(ANCHOR_COMMENT_ID)
    expect(pages.map((p) => p.data.length)).toEqual([100, 100, 100, 12])
    expect(pages.at(-1)!.nextPageToken).toBeUndefined()
    const replies = pages.flatMap((p) => p.data)
    expect(new Set(replies.map((r) => r.id)).size).toBe(312)
    for (const r of replies) {
      expect(r.id).toMatch(new RegExp(`^${ANCHOR_COMMENT_ID}\\.[0-9A-Za-z_-]{22}$`))
      expect(r.parentId).toBe(ANCHOR_COMMENT_ID)
      expect(r).toMatchObject({
        canRate: true,
        viewerRating: 'none',
        authorChannelId: { value: expect.stringMatching(/^UC/) },
      })
      expect(r.authorChannelUrl).toMatch(/^http:\/\/www\.youtube\.com\/@/)
    }
  })

  it('pages exactly at the boundaries: 0, 1, 100 and 101 replies', async () => {
    const sizes = async (id: string) => (await allReplies(id)).map((p) => p.data.length)
    expect(await sizes(EMPTY_COMMENT_ID)).toEqual([0])
    expect(await sizes(ONE_REPLY_COMMENT_ID)).toEqual([1])
    expect(await sizes(PAGE_REPLY_COMMENT_ID)).toEqual([100])
    expect(await sizes(PAGE_PLUS_ONE_COMMENT_ID)).toEqual([100, 1])
  })

  it('writes html textDisplay as the platform does, next to the plain textOriginal', async () => {
    const replies = (await allReplies(ANCHOR_COMMENT_ID)).flatMap((p) => p.data)
    const html = replies.map((r) => r.textDisplay).join('\n')
    expect(html).toContain('<br>')
    expect(html).toContain('&#39;')
    expect(html).toContain('&quot;')
    expect(html).toMatch(
      /<a href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ&amp;t=\d+">\d+:\d\d<\/a>/,
    )
    expect(html).toMatch(/<a href="https:\/\/[^"]+">https:\/\//)
    expect(html).toContain('<b>')
    expect(replies.some((r) => r.textOriginal.includes('\n') && !r.textOriginal.includes('<br>'))).toBe(true)
    expect(replies.some((r) => r.updatedAt !== r.publishedAt)).toBe(true)
  })

  it('gives textDisplay equal to textOriginal with format=plainText', async () => {
    for (const r of (await allReplies(ANCHOR_COMMENT_ID, 'plainText')).flatMap((p) => p.data))
      expect(r.textDisplay).toBe(r.textOriginal)
  })

  it('serves the hostile thread as is, for the sanitiser to deal with', async () => {
    const html = (await allReplies(HOSTILE_COMMENT_ID))
      .flatMap((p) => p.data.map((r) => r.textDisplay))
      .join('\n')
    for (const needle of ['<script>', '<img src=x onerror=', '<a href="javascript:', '<iframe'])
      expect(html).toContain(needle)
  })

  it.each([
    ['/commentReplies', 400, /parentCommentId is required/],
    [
      `/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}.AbCdEfGhIjKlMnOpQrStUv`,
      400,
      /only top-level comments have replies/,
    ],
    ['/commentReplies?parentCommentId=not%20an%20id', 400, /not a comment id/],
    [`/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}&format=markdown`, 400, /format "markdown"/],
    [`/commentReplies?parentCommentId=${ANCHOR_COMMENT_ID}&pageToken=AAAAAAAA`, 400, /pageToken/],
    ['/commentReplies?parentCommentId=UgzNoSuchCommentAnywhere4AaABAg', 404, /No comment/],
  ])('%s → %i with a message', async (path, code, message) => {
    const res = await status(sim, path)
    expect(res.status).toBe(code)
    expect(JSON.parse(res.body).message).toMatch(message)
  })
})
