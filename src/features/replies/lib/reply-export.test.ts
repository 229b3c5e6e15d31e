import { describe, expect, it, vi } from 'vitest'
import { CommentRepliesPage, type CommentReply } from '#contract/index.ts'
import { exportData } from '#lib/export/export-data.ts'
import { readStrictCsv } from '#test-readers/strict-csv.ts'
import { projectSalt, resetProjectSalt } from './pseudonym-salt.ts'
import { replyExport, type ReplyExportArgs } from './reply-export.ts'
import { inferThreads } from './thread-inference.ts'

const saved = vi.hoisted(() => [] as { text: string; name: string }[])
vi.mock('#lib/export/download.ts', () => ({
  downloadBlob: () => {
    throw new Error('no ZIP in this test')
  },
  downloadText: (text: string, name: string) => saved.push({ text, name }),
}))

const ANCHOR = 'UgzoQVUwDeGW1IS5_uR4AaABAg'

async function demoReplies(): Promise<CommentReply[]> {
  const res = await fetch(`/api/commentReplies?parentCommentId=${ANCHOR}&format=html`)
  return CommentRepliesPage.parse(await res.json()).data
}

function memoryStorage() {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) }
}

function args(replies: CommentReply[], over: Partial<ReplyExportArgs> = {}): ReplyExportArgs {
  return {
    parentCommentId: ANCHOR,
    shown: replies,
    loaded: replies.length,
    links: inferThreads(replies),
    view: { q: '', sort: 'oldest', format: 'html' },
    pagesFetched: 1,
    pricePerPageUsd: 0.00013,
    fetchedAt: '2026-11-25T00:00:00.000Z',
    query: { parentCommentId: ANCHOR, format: 'html' },
    viewUrl: `http://localhost/replies/${ANCHOR}?format=html`,
    now: new Date('2026-11-25T01:00:00Z'),
    ...over,
  }
}

/** The CSV, its sidecar and the JSON of one export request, as downloaded. */
async function csvAndJson(a: ReplyExportArgs) {
  saved.length = 0
  const { provenance } = await exportData('csv', await replyExport(a))
  // The provenance link beside the CSV saves this file when pressed.
  saved.push({ text: await provenance!.blob.text(), name: provenance!.name })
  await exportData('json', await replyExport(a))
  const [csv, sidecar, json] = saved
  return {
    names: saved.map((f) => f.name),
    csv: readStrictCsv(csv!.text).records,
    raw: saved.map((f) => f.text).join('\n'),
    sidecar: JSON.parse(sidecar!.text) as Record<string, unknown>,
    json: JSON.parse(json!.text) as { provenance: Record<string, unknown>; items: Record<string, unknown>[] },
  }
}

describe('reply exports', () => {
  it('pseudonymised: the CSV and the JSON of one thread give every reply and author the same pseudonym', async () => {
    const replies = await demoReplies()
    const storage = memoryStorage()
    const out = await csvAndJson(args(replies, { pseudonymSalt: projectSalt(storage) }))
    expect(out.csv).toHaveLength(replies.length)
    const fromJson = out.json.items.map((r) => [
      r.id,
      r.parentId,
      r.replyToId ?? '',
      r.author,
      r.authorChannelId ?? '',
    ])
    const fromCsv = out.csv.map((r) => [r.id, r.parentId, r.replyToId, r.author, r.authorChannelId])
    expect(fromCsv).toEqual(fromJson)
    // A later export with the same browser salt agrees too.
    const again = await csvAndJson(args(replies, { pseudonymSalt: projectSalt(storage) }))
    expect(again.csv.map((r) => r.author)).toEqual(out.csv.map((r) => r.author))
    expect(out.sidecar.saltFingerprint).toBe(again.sidecar.saltFingerprint)
  })

  it('pseudonymised: no real reply id, comment id, author name, channel id, URL or avatar is in any file or name', async () => {
    const replies = await demoReplies()
    const out = await csvAndJson(args(replies, { pseudonymSalt: projectSalt(memoryStorage()) }))
    const everything = [out.raw, ...out.names].join('\n')
    const secrets = new Set([
      ANCHOR,
      ...replies.flatMap((r) => [
        r.id,
        r.id.split('.').at(-1)!,
        r.authorDisplayName,
        r.authorChannelId?.value ?? '',
        r.authorChannelUrl ?? '',
        r.authorProfileImageUrl ?? '',
      ]),
    ])
    secrets.delete('')
    expect(secrets.size).toBeGreaterThan(100)
    for (const s of secrets) expect(everything, `"${s}" is in the export`).not.toContain(s)
    for (const r of out.csv) {
      expect(r.id).toMatch(/^reply-[0-9a-f]{8,}$/)
      expect(r.parentId).toMatch(/^comment-[0-9a-f]{8,}$/)
      expect(r.author).toMatch(/^author-[0-9a-f]{8,}$/)
    }
    expect(out.names[0]).toMatch(/^replies-comment-[0-9a-f]{8}-pseudonymised-2026-11-25-[0-9a-f]{6}\.csv$/)
    expect(out.sidecar).toMatchObject({ pseudonymised: true, viewUrl: expect.stringMatching(/^withheld/) })
  })

  it('a reset salt gives new pseudonyms', async () => {
    const replies = (await demoReplies()).slice(0, 5)
    const storage = memoryStorage()
    const before = await replyExport(args(replies, { pseudonymSalt: projectSalt(storage) }))
    resetProjectSalt(storage)
    const after = await replyExport(args(replies, { pseudonymSalt: projectSalt(storage) }))
    expect(after.items[0]!.author).not.toBe(before.items[0]!.author)
    expect(after.items[0]!.id).not.toBe(before.items[0]!.id)
  })

  it('exports only the replies the view shows, in its order, and says so', async () => {
    const replies = await demoReplies()
    const shown = replies.slice(3, 9).reverse()
    const out = await csvAndJson(
      args(replies, { shown, view: { q: 'some words', sort: 'newest', format: 'html' } }),
    )
    expect(out.csv.map((r) => r.id)).toEqual(shown.map((r) => r.id))
    expect(out.sidecar).toMatchObject({
      view: {
        filter: { text: 'some words' },
        sort: 'newest',
        shown: `6 of ${replies.length} loaded replies`,
      },
      itemCount: 6,
      source: 'demo simulator (invented data)',
    })
    expect(out.names[0]).toMatch(
      /^replies-ugzoq.*-filter-some-words-sort-newest-2026-11-25-[0-9a-f]{6}\.csv$/,
    )
  })
})
