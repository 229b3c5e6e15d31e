/** The export writers' input read from the database: collected transcripts in order, codes as a tree, reply threads grouped. */
import { expect, it } from 'vitest'
import { describeOnEngines } from '../../testing/postgres-cluster.ts'
import { loadCodingProject, replySourcesOf } from './load-coding-project.ts'
import { C, codingHarness, REPLY } from './testing/coding-fixture.ts'

const AT = new Date(Date.UTC(2026, 10, 25, 12))

describeOnEngines('coding project loader', (engine) => {
  it('loads the collection, its collected videos with cleaned cues, codes parents first, codings and reply threads', async () => {
    const t = await codingHarness(engine)
    const child = await t.code({ name: 'Child', parentId: (await t.code({ name: 'Parent' })).id })
    const [cues] = await t.apply({
      codeIds: [child.id],
      segment: { kind: 'cues', videoId: 'vidCodingA1', start: 2.5, end: 7.5 },
    })
    const [top] = await t.apply({
      codeIds: [child.id],
      segment: { ...REPLY, commentId: REPLY.parentId, parentId: null, publishedAt: '2026-01-04T00:00:00Z' },
    })
    await t.apply({ codeIds: [child.id], segment: REPLY })
    const p = await loadCodingProject(t.h.db, C, AT)
    expect(p.collection).toEqual({ id: C, name: `Collection ${C}`, description: '' })
    expect(p.source).toEqual({ kind: 'demo', name: 'demo simulator (invented data)', url: null })
    expect(p.exportedAt).toBe(AT)
    expect(p.codes.map((c) => c.name)).toEqual(['Parent', 'Child'])
    expect(p.codes[0]!.createdAt).toBe(t.clock.now())
    // The uncollected video is left out; the others keep the collection's order and the corpus's cleaned text.
    expect(p.videos.map((v) => [v.videoId, v.lang, v.url, v.cues.length])).toEqual([
      ['vidCodingA1', 'en', 'https://www.youtube.com/watch?v=vidCodingA1', 4],
      ['vidCodingB2', 'fr', 'https://www.youtube.com/watch?v=vidCodingB2', 1],
    ])
    expect(p.videos[0]).toMatchObject({ title: 'Commute', channelTitle: null, publishedAt: null })
    expect(p.videos[0]!.cues[1]).toEqual({ seq: 1, start: 2.5, duration: 2, text: 'it was "late"' })
    const joined = p.videos[0]!.cues.map((c) => c.text)
    expect(joined.slice(1, 3).join('\n')).toBe(cues!.segment.text)
    expect(p.codings.map((c) => c.id)).toContain(cues!.id)
    expect(p.codings).toHaveLength(3)
    // The top-level comment first, though published after its reply.
    expect(p.replySources).toEqual([
      {
        commentId: REPLY.parentId,
        videoId: 'vidCodingA1',
        lines: [
          {
            commentId: REPLY.parentId,
            author: '@rider',
            publishedAt: '2026-01-04T00:00:00Z',
            text: top!.segment.text,
          },
          { commentId: REPLY.commentId, author: '@rider', publishedAt: REPLY.publishedAt, text: REPLY.text },
        ],
      },
    ])
    const codebookOnly = await loadCodingProject(t.h.db, C, AT, { transcripts: false })
    expect(codebookOnly.videos).toEqual([])
    expect(codebookOnly.codes).toHaveLength(2)
  })

  it('answers 404 for an unknown collection', async () => {
    const t = await codingHarness(engine)
    await expect(loadCodingProject(t.h.db, 'c_Nothing000', AT)).rejects.toMatchObject({ status: 404 })
  })
})

it('groups coded replies by thread, each reply once, replies by time', () => {
  const reply = (commentId: string, parentId: string | null, publishedAt: string | null) => ({
    kind: 'reply' as const,
    videoId: null,
    commentId,
    parentId,
    author: null,
    publishedAt,
    text: commentId,
  })
  const coding = (segment: ReturnType<typeof reply>) => ({
    id: segment.commentId,
    collectionId: C,
    codeId: 'k',
    segment,
    memo: '',
    coder: 'a',
    createdAt: 0,
    updatedAt: 0,
  })
  const T1 = 'UgzThreadOne0000000001'
  const T2 = 'UgzThreadTwo0000000002'
  const sources = replySourcesOf([
    coding(reply(`${T1}.b`, T1, '2026-01-02')),
    coding(reply(`${T2}.a`, T2, null)),
    coding(reply(`${T1}.a`, T1, '2026-01-01')),
    coding(reply(`${T1}.b`, T1, '2026-01-02')),
  ])
  expect(sources.map((s) => [s.commentId, s.lines.map((l) => l.commentId)])).toEqual([
    [T1, [`${T1}.a`, `${T1}.b`]],
    [T2, [`${T2}.a`]],
  ])
})
