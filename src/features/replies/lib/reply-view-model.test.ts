// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import type { CommentReply } from '#contract/index.ts'
import { estimateLoadAll, loadProgress } from './load-all-estimate.ts'
import { parseRepliesSearch, repliesSearchString } from './replies-url-state.ts'
import { replyExportColumns, replyExportRows } from './reply-export.ts'
import { matchingIds, replyStats, searchPattern, splitMatches } from './reply-search.ts'
import { ancestorsOf, buildReplyTree, filterTree, sortReplies, type ReplyNode } from './reply-tree.ts'
import { inferThreads } from './thread-inference.ts'

const P = 'UgzParentCommentForTests4AaB'
function reply(n: number, author: string, text: string, likes = 0, html = text): CommentReply {
  const t = new Date(Date.UTC(2024, 0, 1, 0, n)).toISOString()
  return {
    id: `${P}.r${n}`,
    parentId: P,
    authorDisplayName: author,
    textOriginal: text,
    textDisplay: html,
    likeCount: likes,
    publishedAt: t,
    updatedAt: t,
  }
}

const R = [
  reply(1, 'Anna', 'hello', 5),
  reply(2, 'Ben', '@Anna hi', 1),
  reply(3, 'Cleo', 'other', 9),
  reply(4, 'Dan', '@Ben <b>bold</b> yo', 9, '@Ben <b>bold</b> yo'),
  reply(5, 'Eve', '@Anna also', 3),
]
const links = inferThreads(R)
const ids = (nodes: ReplyNode[]): unknown[] =>
  nodes.map((n) =>
    n.children.length ? [n.reply.id.split('.')[1], ids(n.children)] : n.reply.id.split('.')[1],
  )

describe('reply tree', () => {
  it('nests by inferred links and sorts within each level', () => {
    expect(ids(buildReplyTree(R, links, 'oldest'))).toEqual([['r1', [['r2', ['r4']], 'r5']], 'r3'])
    expect(ids(buildReplyTree(R, links, 'newest'))).toEqual(['r3', ['r1', ['r5', ['r2', ['r4']]]]])
    expect(ids(buildReplyTree(R, links, 'liked'))).toEqual(['r3', ['r1', ['r5', ['r2', ['r4']]]]])
  })

  it('sorts a flat list; most liked ties go oldest first', () => {
    expect(sortReplies(R, 'liked').map((r) => r.id.split('.')[1])).toEqual(['r3', 'r4', 'r1', 'r5', 'r2'])
  })

  it('keeps matches and their ancestors as context when searching', () => {
    const kept = filterTree(buildReplyTree(R, links, 'oldest'), new Set([`${P}.r4`]))
    expect(ids(kept)).toEqual([['r1', [['r2', ['r4']]]]])
    expect(kept[0]!.context).toBe(true)
    expect(kept[0]!.children[0]!.children[0]!.context).toBeUndefined()
    expect(ancestorsOf(`${P}.r4`, links)).toEqual([`${P}.r1`, `${P}.r2`])
  })
})

describe('reply search', () => {
  it('matches literally and case-insensitively in the visible text and the author', () => {
    expect(matchingIds(R, searchPattern('BOLD'), 'html')).toEqual(new Set([`${P}.r4`]))
    expect(matchingIds(R, searchPattern('<b>'), 'html').size).toBe(0) // html format: tags are not visible text
    expect(matchingIds(R, searchPattern('<b>'), 'plainText')).toEqual(new Set([`${P}.r4`]))
    expect(matchingIds(R, searchPattern('cleo'), 'html')).toEqual(new Set([`${P}.r3`]))
    expect(matchingIds(R, searchPattern('  '), 'html').size).toBe(R.length)
    expect(matchingIds(R, searchPattern('a.so'), 'html').size).toBe(0) // `.` is not a wildcard
  })

  it('splits text around every match', () => {
    expect(splitMatches('Ana and ana', searchPattern('ana'))).toEqual([
      { text: 'Ana', match: true },
      { text: ' and ', match: false },
      { text: 'ana', match: true },
    ])
  })

  it('counts replies, distinct authors and likes', () => {
    expect(replyStats([...R, reply(6, 'Anna', 'again', 2)])).toEqual({ replies: 6, authors: 5, likes: 29 })
  })
})

describe('URL state', () => {
  it('reads valid values, falls back and reports invalid ones', () => {
    const { state, problems } = parseRepliesSearch(
      new URLSearchParams('format=plainText&view=flat&sort=bogus&q=hi&reply=nope'),
    )
    expect(state).toEqual({ format: 'plainText', view: 'flat', sort: 'oldest', q: 'hi' })
    expect(problems).toHaveLength(2)
    expect(problems[0]).toContain('sort=bogus')
  })

  it('round-trips and leaves defaults out except the format', () => {
    const state = {
      format: 'html',
      view: 'tree',
      sort: 'liked',
      q: 'a b',
      reply: `${P}.abcdefghijklmnopqrstuv`,
    } as const
    expect(repliesSearchString({ ...state, sort: 'oldest', q: '', reply: undefined })).toBe('?format=html')
    expect(parseRepliesSearch(new URLSearchParams(repliesSearchString(state))).state).toEqual(state)
  })
})

describe('load all estimate', () => {
  it('is honest about an unknown total', () => {
    const before = estimateLoadAll({
      pagesLoaded: 0,
      repliesLoaded: 0,
      hasNextPage: true,
      pricePerPageUsd: 0.00013,
      pageSize: 100,
    })
    expect(before.summary).toBe('~$0.00013 per page of 100; the number of pages is not known in advance.')
    const after = estimateLoadAll({
      pagesLoaded: 1,
      repliesLoaded: 100,
      hasNextPage: true,
      pricePerPageUsd: 0.00013,
      pageSize: 100,
    })
    expect(after.summary).toMatch(
      /^100 replies in 1 page so far; at least one more page\. ~\$0\.00013 per further page of up to 100 \(so ~\$0\.00130 for every 1,000 more replies\)/,
    )
    expect(
      estimateLoadAll({
        pagesLoaded: 4,
        repliesLoaded: 312,
        hasNextPage: false,
        pricePerPageUsd: 0.00013,
        pageSize: 100,
      }).nextPageUsd,
    ).toBe(0)
  })

  it('fills the bar only when the last page is in', () => {
    expect(loadProgress({ repliesLoaded: 200, hasNextPage: true, pageSize: 100 })).toMatchObject({
      value: 200,
      max: 300,
    })
    expect(loadProgress({ repliesLoaded: 312, hasNextPage: false, pageSize: 100 })).toMatchObject({
      value: 312,
      max: 312,
    })
  })
})

describe('export rows', () => {
  it("keep structure in the view's order, with identifying columns only when not pseudonymised", () => {
    const rows = replyExportRows([...R].reverse(), links)
    expect(rows.map((r) => [r.id.split('.')[1], r.replyToId?.split('.')[1] ?? null, r.depth])).toEqual([
      ['r5', 'r1', 1],
      ['r4', 'r2', 2],
      ['r3', null, 0],
      ['r2', 'r1', 1],
      ['r1', null, 0],
    ])
    expect(replyExportColumns(false).map((c) => c.header)).toContain('authorChannelUrl')
    expect(replyExportColumns(true).map((c) => c.header)).toEqual([
      'id',
      'parentId',
      'replyToId',
      'depth',
      'author',
      'authorChannelId',
      'publishedAt',
      'updatedAt',
      'likeCount',
      'textOriginal',
      'textDisplay',
    ])
  })
})
