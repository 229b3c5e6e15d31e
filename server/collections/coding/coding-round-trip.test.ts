/**
 * The coding round trip: a demo collection collected through the simulator, coded through the HTTP interface
 * (cues of three videos and a reply), exported as `.qdpx`, unzipped and read back with a real XML parser: the
 * REFI-QDA structure holds and every selection's range covers exactly the coded text. The other exports answer
 * with their types and names.
 */
import { XMLParser } from 'fast-xml-parser'
import { expect, it } from 'vitest'
import { CodingList, Code, type Coding } from '#contract/coding.ts'
import { CollectionDetail, CollectionSummary, CollectPrice } from '#contract/collections.ts'
import { readStrictCsvBytes } from '#test-readers/strict-csv.ts'
import { readZip } from '#test-readers/read-zip.ts'
import { loadConfig } from '../../config.ts'
import { createRuntime } from '../../runtime.ts'
import { disposedAfterEach, errorOf } from '../../testing/spend-harness.ts'
import { readQdpx } from './exports/testing/read-qdpx.ts'
import { uncoveredCodings, validateProjectQde } from './exports/testing/validate-project-qde.ts'
import { json } from './testing/coding-fixture.ts'

const track = disposedAfterEach()
const MODE = 'fallback-whisper'
const THREAD = 'UgzoQVUwDeGW1IS5_uR4AaABAg'

type CaptionItem = { text: string; offset: number; duration: number }
type ReplyItem = {
  id: string
  parentId: string
  textOriginal: string
  authorDisplayName: string
  publishedAt: string
}

const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer())
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v])

/** A demo collection of three videos, collected: what a researcher has before coding. */
async function collectedDemoCollection() {
  const rt = track(createRuntime({ config: loadConfig({ DATA_DIR: ':memory:' }), log: () => {} }))
  const get = async (path: string) => {
    const res = await rt.app.request(path)
    expect(res.status, path).toBe(200)
    return res.json()
  }
  const found = (await get('/api/search?location=48.8566,2.3522&locationRadius=25km&type=video')) as {
    data: { videoId: string; title: string; channelTitle: string; publishedAt: string }[]
  }
  const videos = found.data.slice(0, 3)
  const made = await rt.app.request(
    '/api/collections',
    json({
      name: 'Métro, "rides" & <moments>',
      description: 'coded for the round trip',
      mode: MODE,
      videoIds: videos.map((v) => v.videoId),
      videos: videos.map(({ videoId, title, channelTitle, publishedAt }) => ({
        videoId,
        title,
        channelTitle,
        publishedAt,
      })),
    }),
  )
  expect(made.status).toBe(201)
  const { id } = CollectionSummary.parse(await made.json())
  const price = CollectPrice.parse(await get(`/api/collections/${id}/collect`))
  expect(
    (await rt.app.request(`/api/collections/${id}/collect`, json({ maxUsd: price.priceUsd }))).status,
  ).toBe(202)
  for (;;) {
    const d = CollectionDetail.parse(await get(`/api/collections/${id}`))
    if (d.job && d.job.state !== 'running') {
      expect(d.tracks.collected).toBe(3)
      break
    }
    await sleep(50)
  }
  return { rt, id, get, videoIds: videos.map((v) => v.videoId) }
}

it('codes a collected demo collection over HTTP and exports a REFI-QDA project whose selections cover exactly the coded text', async () => {
  const { rt, id, get, videoIds } = await collectedDemoCollection()
  const send = async (path: string, body: unknown) => {
    const res = await rt.app.request(`/api/collections/${id}${path}`, json(body))
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201)
    return res.json()
  }
  const code = async (body: Record<string, unknown>) => Code.parse(await send('/codes', body))
  const place = await code({ name: 'Place', color: '#1F77B4', description: 'where it happens' })
  const feeling = await code({ name: 'Feeling' })
  const joy = await code({ name: 'Joy', parentId: feeling.id, color: '#ff7f0e' })

  // The caption studio's cues (the same track the collect bought), selected as the studio sends them.
  const cuesOf = async (videoId: string) =>
    (await get(`/api/captions/${videoId}?mode=${MODE}`)) as CaptionItem[]
  const selection = (videoId: string, cues: CaptionItem[], first: number, last: number) => ({
    kind: 'cues',
    videoId,
    start: cues[first]!.offset,
    end: cues[last]!.offset + cues[last]!.duration,
  })
  const coded: Coding[] = []
  const apply = async (body: Record<string, unknown>) =>
    coded.push(...CodingList.parse(await send('/codings', { coder: 'Ana', ...body })).codings)
  const [c0, c1, c2] = await Promise.all(videoIds.map(cuesOf))
  await apply({
    codeIds: [place.id, joy.id],
    segment: selection(videoIds[0]!, c0!, 1, 3),
    memo: 'arrival & <joy>',
  })
  await apply({ codeIds: [feeling.id], segment: selection(videoIds[1]!, c1!, 5, 5), coder: 'Bo' })
  await apply({ codeIds: [place.id], segment: selection(videoIds[2]!, c2!, 0, 2) })
  await apply({ codeIds: [joy.id], segment: selection(videoIds[0]!, c0!, 10, 11) })
  const replies = (await get(`/api/commentReplies?parentCommentId=${THREAD}`)) as { data: ReplyItem[] }
  const reply = replies.data[1]!
  await apply({
    codeIds: [joy.id],
    segment: {
      kind: 'reply',
      videoId: videoIds[0],
      commentId: reply.id,
      parentId: reply.parentId,
      author: reply.authorDisplayName,
      publishedAt: reply.publishedAt,
      text: reply.textOriginal,
    },
    memo: 'counts the refrain',
  })
  expect(coded).toHaveLength(6)
  const listed = CodingList.parse(await get(`/api/collections/${id}/codings`)).codings
  expect(listed.map((c) => c.id).sort()).toEqual(coded.map((c) => c.id).sort())

  const res = await rt.app.request(`/api/collections/${id}/export/project.qdpx`)
  expect(res.status).toBe(200)
  expect(res.headers.get('Content-Type')).toBe('application/zip')
  expect(res.headers.get('Cache-Control')).toBe('no-store')
  expect(res.headers.get('Content-Disposition')).toMatch(
    /^attachment; filename="metro[-_]+rides[-_]+moments-project-\d{4}-\d{2}-\d{2}\.qdpx"$/,
  )
  const { qde, sources } = readQdpx(await bytes(res))
  // The standard's structure (the exports' validator): namespace, elements in order, GUIDs, references, ranges.
  const report = validateProjectQde(qde, sources)
  expect(report.problems).toEqual([])
  const project = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(qde).Project
  expect(project['@_name']).toBe('Métro, "rides" & <moments>')

  // The codebook: every code by name under its parent.
  type XCode = { '@_guid': string; '@_name': string; Code?: XCode | XCode[] }
  const codeNames = new Map<string, string>()
  const tree: string[] = []
  const walk = (nodes: XCode[], path: string[]) => {
    for (const n of nodes) {
      codeNames.set(n['@_guid'].toLowerCase(), n['@_name'])
      tree.push([...path, n['@_name']].join('/'))
      walk(asList(n.Code), [...path, n['@_name']])
    }
  }
  walk(asList(project.CodeBook.Codes.Code), [])
  expect(tree.sort()).toEqual(['Feeling', 'Feeling/Joy', 'Place'])
  const guidOf = new Map([...codeNames].map(([guid, name]) => [name, guid]))

  // A source per transcript and per coded thread; every coding covered exactly by a selection holding its code, and
  // no selection covering anything else.
  expect(Object.keys(sources)).toHaveLength(4)
  const name = new Map([place, feeling, joy].map((c) => [c.id, c.name]))
  const expected = coded.map((c) => ({
    text: c.segment.text,
    codeGuid: guidOf.get(name.get(c.codeId)!)!,
    label: `${name.get(c.codeId)} on ${c.segment.kind === 'cues' ? c.segment.videoId : c.segment.commentId}`,
  }))
  expect(uncoveredCodings(report, expected)).toEqual([])
  const exported = report.selections.flatMap((sel) =>
    sel.codeGuids.map((g) => `${codeNames.get(g.toLowerCase())}|${sel.text}`),
  )
  expect(exported.sort()).toEqual(coded.map((c) => `${name.get(c.codeId)}|${c.segment.text}`).sort())
  // Every segment still points at its video and time.
  for (const videoId of videoIds) expect(qde).toContain(`https://www.youtube.com/watch?v=${videoId}`)
  for (const { segment: s } of coded)
    expect(qde).toContain(
      s.kind === 'cues'
        ? `https://www.youtube.com/watch?v=${s.videoId}&amp;t=${Math.floor(s.start)}`
        : `https://www.youtube.com/watch?v=${s.videoId}&amp;lc=${s.commentId}`,
    )
  expect(qde).toContain('arrival &amp; &lt;joy&gt;')
})

it('answers the other coding exports with their types and names, and refuses bad parameters', async () => {
  const { rt, id, get, videoIds } = await collectedDemoCollection()
  const [code] = [
    Code.parse(await (await rt.app.request(`/api/collections/${id}/codes`, json({ name: 'Place' }))).json()),
  ]
  const cues = (await get(`/api/captions/${videoIds[0]}?mode=${MODE}`)) as CaptionItem[]
  const made = await rt.app.request(
    `/api/collections/${id}/codings`,
    json({
      codeIds: [code!.id],
      coder: 'Ana',
      segment: {
        kind: 'cues',
        videoId: videoIds[0],
        start: cues[0]!.offset,
        end: cues[1]!.offset + cues[1]!.duration,
      },
    }),
  )
  expect(made.status).toBe(201)
  const exportOf = (path: string) => rt.app.request(`/api/collections/${id}/export/${path}`)
  const cases: [string, string, RegExp][] = [
    ['codebook.qdc', 'application/xml; charset=utf-8', /-codebook-\d{4}-\d{2}-\d{2}\.qdc"$/],
    ['transcripts.zip?format=nvivo', 'application/zip', /-transcripts-nvivo-\d{4}-\d{2}-\d{2}\.zip"$/],
    ['transcripts.zip?format=maxqda', 'application/zip', /-transcripts-maxqda-\d{4}-\d{2}-\d{2}\.zip"$/],
    ['transcripts.zip?format=atlasti', 'application/zip', /-transcripts-atlasti-\d{4}-\d{2}-\d{2}\.zip"$/],
    ['elan.zip', 'application/zip', /-elan-\d{4}-\d{2}-\d{2}\.zip"$/],
    ['codings.csv', 'text/csv; charset=utf-8', /-codings-\d{4}-\d{2}-\d{2}\.csv"$/],
    [
      'codings.provenance.json',
      'application/json; charset=utf-8',
      /-codings-\d{4}-\d{2}-\d{2}\.provenance\.json"$/,
    ],
  ]
  for (const [path, type, name] of cases) {
    const res = await exportOf(path)
    expect(res.status, path).toBe(200)
    expect(res.headers.get('Content-Type'), path).toBe(type)
    expect(res.headers.get('Content-Disposition'), path).toMatch(
      /^attachment; filename="metro[-_]+rides[-_]+moments-/,
    )
    expect(res.headers.get('Content-Disposition'), path).toMatch(name)
    const body = await bytes(res)
    expect(body.byteLength, path).toBeGreaterThan(0)
    if (type === 'application/zip') expect(Object.keys(readZip(body)).length, path).toBeGreaterThan(0)
  }
  const csv = readStrictCsvBytes(await bytes(await exportOf('codings.csv')))
  expect(csv.records).toHaveLength(1)
  const qdc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_' }).parse(
    await (await exportOf('codebook.qdc')).text(),
  )
  expect(qdc.CodeBook['@_xmlns']).toBe('urn:QDA-XML:codebook:1.0')
  const provenance = (await (await exportOf('codings.provenance.json')).json()) as { source: string }
  expect(provenance.source).toBe('demo simulator (invented data)')

  const refusals: [string, number, string][] = [
    ['transcripts.zip', 400, 'format'],
    ['transcripts.zip?format=docx', 400, 'format'],
    ['project.qdpx?lang=en', 400, 'lang'],
    ['elan.zip?x=1', 400, 'x'],
  ]
  for (const [path, status, param] of refusals) {
    const res = await exportOf(path)
    expect(res.status, path).toBe(status)
    expect((await errorOf(res)).param, path).toBe(param)
  }
  const unknown = await rt.app.request('/api/collections/c_Nothing000/export/project.qdpx')
  expect(unknown.status).toBe(404)
  expect((await errorOf(unknown)).code).toBe('not_found')
})
