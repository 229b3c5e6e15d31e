/** The codes and codings HTTP interface on both engines, inside the real function: every route, every bad input. */
import { expect, it } from 'vitest'
import { Code, Coding, DeletedCode } from '#contract/coding.ts'
import { describeOnEngines } from '../../testing/postgres-cluster.ts'
import { errorOf } from '../../testing/spend-harness.ts'
import { C, codingHarness, json, OTHER, REPLY, UNKNOWN_UUID } from './testing/coding-fixture.ts'

describeOnEngines('codes and codings API', (engine) => {
  const harness = () => codingHarness(engine)

  async function expectError(
    res: Response,
    status: number,
    code: string,
    param: string | undefined,
    message: RegExp,
  ) {
    expect(res.status).toBe(status)
    const err = await errorOf(res)
    expect(err.code).toBe(code)
    expect(err.param).toBe(param)
    expect(err.message).toMatch(message)
  }

  it('creates codes as a tree: defaults, lowercase colours, positions, parents before children', async () => {
    const t = await harness()
    const emotion = await t.code({ name: ' Emotion ', color: '#AA3300', description: 'how it feels' })
    expect(emotion).toMatchObject({
      collectionId: C,
      parentId: null,
      name: 'Emotion',
      color: '#aa3300',
      description: 'how it feels',
      position: 0,
    })
    expect(emotion.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    const transport = await t.code({ name: 'Transport' })
    expect(transport).toMatchObject({ color: '#4e79a7', description: '', position: 1 })
    const nostalgia = await t.code({ name: 'Nostalgia', parentId: emotion.id })
    const anger = await t.code({ name: 'Anger', parentId: emotion.id, position: 0 })
    // The same name under another parent is allowed.
    await t.code({ name: 'Anger', parentId: transport.id })
    // Inserted first: the others move along.
    const first = await t.code({ name: 'First', position: 0 })
    const list = await t.codes()
    expect(
      list.map((c) => [c.name, c.parentId && list.find((p) => p.id === c.parentId)!.name, c.position]),
    ).toEqual([
      ['First', null, 0],
      ['Emotion', null, 1],
      ['Anger', 'Emotion', 0],
      ['Nostalgia', 'Emotion', 1],
      ['Transport', null, 2],
      ['Anger', 'Transport', 0],
    ])
    expect(list.find((c) => c.id === nostalgia.id)!.position).toBe(1)
    expect(anger.position).toBe(0)
    expect(first.position).toBe(0)
    // Another collection's codes are its own.
    await t.code({ name: 'Emotion' }, OTHER)
    expect(await t.codes()).toHaveLength(6)
  })

  it('refuses bad codes: colour, empty or long name, unknown field, duplicate sibling, parents that are not codes here', async () => {
    const t = await harness()
    const parent = await t.code({ name: 'Parent' })
    await t.code({ name: 'Child', parentId: parent.id })
    const foreign = await t.code({ name: 'Elsewhere' }, OTHER)
    const cases: [unknown, number, string, string, RegExp][] = [
      [{ name: 'x', color: 'red' }, 400, 'invalid_query', 'color', /#rrggbb/],
      [{ name: 'x', color: '#12345' }, 400, 'invalid_query', 'color', /#rrggbb/],
      [{ name: '   ' }, 400, 'invalid_query', 'name', /name must not be empty/],
      [{}, 400, 'invalid_query', 'name', /name/],
      [{ name: 'x'.repeat(201) }, 400, 'invalid_query', 'name', /name/],
      [{ name: 'tab\there' }, 400, 'invalid_query', 'name', /control characters/],
      [{ name: 'x', colour: '#ffffff' }, 400, 'invalid_query', 'colour', /Unknown parameter "colour"/],
      [{ name: 'x', parentId: 'nope' }, 400, 'invalid_query', 'parentId', /UUID/],
      [{ name: 'x', parentId: UNKNOWN_UUID }, 400, 'invalid_query', 'parentId', /no code of this collection/],
      [{ name: 'x', parentId: foreign.id }, 400, 'invalid_query', 'parentId', /no code of this collection/],
      [{ name: 'x', position: -1 }, 400, 'invalid_query', 'position', /position/],
      [{ name: 'PARENT' }, 409, 'conflict', 'name', /"Parent" already exists at the top level/],
      [
        { name: 'child', parentId: parent.id },
        409,
        'conflict',
        'name',
        /"Child" already exists under this parent/,
      ],
      ['{"name":', 400, 'invalid_query', 'body', /not valid JSON/],
    ]
    for (const [body, status, code, param, message] of cases) {
      const res = await t.send('/codes', body)
      expect(res.status, JSON.stringify(body)).toBe(status)
      await expectError(res, status, code, param, message)
    }
    expect((await t.codes()).map((c) => c.name)).toEqual(['Parent', 'Child'])
  })

  it('changes a code: rename, recolour, move under another parent and back, reorder; refuses cycles and duplicates', async () => {
    const t = await harness()
    const a = await t.code({ name: 'A' })
    const b = await t.code({ name: 'B' })
    const a1 = await t.code({ name: 'A1', parentId: a.id })
    const a11 = await t.code({ name: 'A11', parentId: a1.id })
    t.clock.advance(1000)
    const patch = (id: string, body: unknown) => t.send(`/codes/${id}`, body, 'PATCH')

    const renamed = await patch(b.id, { name: 'Bee', color: '#00FF00', description: 'buzz' })
    expect(renamed.status).toBe(200)
    expect(Code.parse(await renamed.json())).toMatchObject({
      name: 'Bee',
      color: '#00ff00',
      description: 'buzz',
      createdAt: b.createdAt,
      updatedAt: b.createdAt + 1000,
    })
    await expectError(await patch(a.id, { parentId: a.id }), 400, 'invalid_query', 'parentId', /own ancestor/)
    await expectError(
      await patch(a.id, { parentId: a11.id }),
      400,
      'invalid_query',
      'parentId',
      /own ancestor/,
    )
    await expectError(await patch(a.id, { name: 'bee' }), 409, 'conflict', 'name', /"Bee" already exists/)
    await expectError(await patch(a.id, {}), 400, 'invalid_query', 'body', /Nothing to change/)
    await expectError(await patch(a.id, { color: 'blue' }), 400, 'invalid_query', 'color', /#rrggbb/)
    await expectError(
      await patch(a.id, { parentId: UNKNOWN_UUID }),
      400,
      'invalid_query',
      'parentId',
      /no code/,
    )

    // A1 moves to the top level, first; then back under A.
    const moved = await patch(a1.id, { parentId: null, position: 0 })
    expect(Code.parse(await moved.json())).toMatchObject({ parentId: null, position: 0 })
    const order = async () => (await t.codes()).map((c) => `${c.name}@${c.position}`)
    expect(await order()).toEqual(['A1@0', 'A11@0', 'A@1', 'Bee@2'])
    await patch(a1.id, { parentId: a.id })
    expect(await order()).toEqual(['A@0', 'A1@0', 'A11@0', 'Bee@1'])
    // Reordered among its siblings, the gap closes.
    await patch(b.id, { position: 0 })
    expect(await order()).toEqual(['Bee@0', 'A@1', 'A1@0', 'A11@0'])
    await patch(b.id, { position: 99 })
    expect(await order()).toEqual(['A@0', 'A1@0', 'A11@0', 'Bee@1'])
  })

  it('deletes a code only without children, with its codings; closes the gap', async () => {
    const t = await harness()
    const a = await t.code({ name: 'A' })
    const a1 = await t.code({ name: 'A1', parentId: a.id })
    const b = await t.code({ name: 'B' })
    await t.apply({
      codeIds: [a1.id, b.id],
      segment: { kind: 'cues', videoId: 'vidCodingA1', start: 0, end: 2.5 },
    })
    await t.apply({ codeIds: [a1.id], segment: REPLY })
    await expectError(
      await t.send(`/codes/${a.id}`, undefined, 'DELETE'),
      409,
      'conflict',
      undefined,
      /1 child code/,
    )
    const res = await t.send(`/codes/${a1.id}`, undefined, 'DELETE')
    expect(res.status).toBe(200)
    expect(DeletedCode.parse(await res.json())).toEqual({ deletedCodings: 2 })
    expect((await t.codings()).map((c) => c.codeId)).toEqual([b.id])
    expect((await t.send(`/codes/${a.id}`, undefined, 'DELETE')).status).toBe(200)
    expect((await t.codes()).map((c) => `${c.name}@${c.position}`)).toEqual(['B@0'])
    await expectError(
      await t.send(`/codes/${a.id}`, undefined, 'DELETE'),
      404,
      'not_found',
      undefined,
      /no code/,
    )
  })

  it('codes cues: resolved against the collected track, one coding per code, the same segment text and seqs', async () => {
    const t = await harness()
    const place = await t.code({ name: 'Place' })
    const time = await t.code({ name: 'Time' })
    t.clock.advance(5000)
    // The studio sends the first selected cue's start and the last one's start + duration.
    const made = await t.apply({
      codeIds: [place.id, time.id, place.id],
      segment: { kind: 'cues', videoId: 'vidCodingA1', start: 2.5, end: 7.5 },
      memo: 'lateness',
    })
    expect(made.map((c) => c.codeId)).toEqual([place.id, time.id])
    expect(made[0]!.segment).toEqual({
      kind: 'cues',
      videoId: 'vidCodingA1',
      lang: 'en',
      start: 2.5,
      end: 7.5,
      firstSeq: 1,
      lastSeq: 2,
      // The corpus's cleaned text: entities decoded.
      text: 'it was "late"\nthe bus was faster',
    })
    expect(made[1]!.segment).toEqual(made[0]!.segment)
    expect(made[0]).toMatchObject({
      collectionId: C,
      memo: 'lateness',
      coder: 'Ana',
      createdAt: made[0]!.updatedAt,
    })
    expect(made[0]!.id).not.toBe(made[1]!.id)
    expect(made[0]!.id).toMatch(/^[0-9a-f-]{36}$/)

    // A start read back a hair off still finds its cue; a range inside one cue's time but past its start finds none.
    const one = await t.apply({
      codeIds: [time.id],
      segment: { kind: 'cues', videoId: 'vidCodingA1', start: 7.4999, end: 8.75 },
      coder: '  Bo  ',
    })
    expect(one[0]!.segment).toMatchObject({ firstSeq: 3, lastSeq: 3, text: 'so we walked', end: 8.75 })
    expect(one[0]!.coder).toBe('Bo')

    // Applying a code again to the same cues answers the coding it already has, unchanged.
    const again = await t.apply({
      codeIds: [place.id],
      segment: { kind: 'cues', videoId: 'vidCodingA1', start: 2.5, end: 7.5 },
      memo: 'other memo',
    })
    expect(again).toEqual([made[0]])
    expect(await t.codings()).toHaveLength(3)
  })

  it('codes a reply as shown, and lists codings by video, by code, in reading order', async () => {
    const t = await harness()
    const place = await t.code({ name: 'Place' })
    const voice = await t.code({ name: 'Voice' })
    const reply = (await t.apply({ codeIds: [voice.id], segment: REPLY }))[0]!
    expect(reply.segment).toEqual(REPLY)
    const b = (
      await t.apply({
        codeIds: [place.id],
        segment: { kind: 'cues', videoId: 'vidCodingB2', start: 0.1, end: 1.8 },
      })
    )[0]!
    const a2 = (
      await t.apply({
        codeIds: [place.id],
        segment: { kind: 'cues', videoId: 'vidCodingA1', start: 4.5, end: 7.5 },
      })
    )[0]!
    const a1 = (
      await t.apply({
        codeIds: [voice.id],
        segment: { kind: 'cues', videoId: 'vidCodingA1', start: 0, end: 2.5 },
      })
    )[0]!
    expect(b.segment).toMatchObject({ lang: 'fr', text: 'le métro' })
    expect((await t.codings()).map((c) => c.id)).toEqual([a1.id, a2.id, b.id, reply.id])
    expect((await t.codings('?videoId=vidCodingA1')).map((c) => c.id)).toEqual([a1.id, a2.id, reply.id])
    expect((await t.codings(`?codeId=${place.id}`)).map((c) => c.id)).toEqual([a2.id, b.id])
    expect((await t.codings(`?videoId=vidCodingB2&codeId=${voice.id}`)).map((c) => c.id)).toEqual([])
    await expectError(
      await t.send('/codings?videoId=short', undefined, 'GET'),
      400,
      'invalid_query',
      'videoId',
      /11-character/,
    )
    await expectError(
      await t.send('/codings?lang=en', undefined, 'GET'),
      400,
      'invalid_query',
      'lang',
      /Unknown parameter/,
    )
    await expectError(
      await t.send(`/codings?codeId=${UNKNOWN_UUID}`, undefined, 'GET'),
      404,
      'not_found',
      'codeId',
      /no code/,
    )
  })

  it('changes a coding’s memo and code, refuses a code the segment already has, deletes it', async () => {
    const t = await harness()
    const a = await t.code({ name: 'A' })
    const b = await t.code({ name: 'B' })
    const foreign = await t.code({ name: 'F' }, OTHER)
    const segment = { kind: 'cues', videoId: 'vidCodingA1', start: 0, end: 2.5 }
    const [ca, cb] = await t.apply({ codeIds: [a.id, b.id], segment })
    t.clock.advance(60_000)
    const patch = (id: string, body: unknown) => t.send(`/codings/${id}`, body, 'PATCH')
    const memo = await patch(ca!.id, { memo: 'first moment' })
    expect(memo.status).toBe(200)
    expect(Coding.parse(await memo.json())).toMatchObject({
      memo: 'first moment',
      codeId: a.id,
      createdAt: ca!.createdAt,
      updatedAt: ca!.createdAt + 60_000,
    })
    await expectError(await patch(ca!.id, { codeId: b.id }), 409, 'conflict', 'codeId', /already applied/)
    await expectError(await patch(ca!.id, { codeId: foreign.id }), 404, 'not_found', 'codeId', /no code/)
    await expectError(await patch(ca!.id, {}), 400, 'invalid_query', 'body', /Nothing to change/)
    await expectError(await patch(ca!.id, { memo: 3 }), 400, 'invalid_query', 'memo', /memo/)
    await expectError(await patch(ca!.id, { coder: 'x' }), 400, 'invalid_query', 'coder', /Unknown parameter/)
    const c = await t.code({ name: 'C' })
    const moved = Coding.parse(await (await patch(ca!.id, { codeId: c.id })).json())
    expect(moved).toMatchObject({ codeId: c.id, memo: 'first moment', segment: ca!.segment })
    const del = await t.send(`/codings/${cb!.id}`, undefined, 'DELETE')
    expect(del.status).toBe(204)
    await expectError(
      await t.send(`/codings/${cb!.id}`, undefined, 'DELETE'),
      404,
      'not_found',
      undefined,
      /no coding/,
    )
    await expectError(await patch(cb!.id, { memo: 'x' }), 404, 'not_found', undefined, /no coding/)
    expect((await t.codings()).map((x) => x.codeId)).toEqual([c.id])
  })

  it('refuses bad codings: coder, codeIds, segments on videos without a collected track or without cues', async () => {
    const t = await harness()
    const a = await t.code({ name: 'A' })
    const foreign = await t.code({ name: 'F' }, OTHER)
    const cues = (videoId: string, start: number, end: number) => ({ kind: 'cues', videoId, start, end })
    const ok = { codeIds: [a.id], segment: cues('vidCodingA1', 0, 2.5), coder: 'Ana' }
    const cases: [unknown, number, string, string, RegExp][] = [
      [{ ...ok, coder: undefined }, 400, 'invalid_query', 'coder', /coder is required/],
      [{ ...ok, coder: '   ' }, 400, 'invalid_query', 'coder', /coder is required/],
      [{ ...ok, coder: 'x'.repeat(101) }, 400, 'invalid_query', 'coder', /coder/],
      [{ ...ok, codeIds: [] }, 400, 'invalid_query', 'codeIds', /at least one code/],
      [{ ...ok, codeIds: undefined }, 400, 'invalid_query', 'codeIds', /codeIds/],
      [{ ...ok, codeIds: ['A'] }, 400, 'invalid_query', 'codeIds', /codeIds\[0\].*UUID/],
      [{ ...ok, codeIds: [a.id, UNKNOWN_UUID] }, 404, 'not_found', 'codeIds', /no code "0{8}-/],
      [{ ...ok, codeIds: [foreign.id] }, 404, 'not_found', 'codeIds', /no code/],
      [{ ...ok, memo: 'm'.repeat(20_001) }, 400, 'invalid_query', 'memo', /memo/],
      [
        { ...ok, segment: cues('vidCodingM3', 0, 1) },
        409,
        'conflict',
        'segment',
        /vidCodingM3 is not collected/,
      ],
      [
        { ...ok, segment: cues('vidNotHere0', 0, 1) },
        400,
        'invalid_query',
        'segment',
        /not in this collection/,
      ],
      [
        { ...ok, segment: cues('vidCodingA1', 0.5, 2.4) },
        400,
        'invalid_query',
        'segment',
        /no cue of video vidCodingA1/,
      ],
      [{ ...ok, segment: cues('vidCodingA1', 100, 200) }, 400, 'invalid_query', 'segment', /no cue/],
      [
        { ...ok, segment: cues('vidCodingA1', 3, 3) },
        400,
        'invalid_query',
        'segment',
        /segment\[end\].*after start/,
      ],
      [{ ...ok, segment: cues('vidCodingA1', -1, 3) }, 400, 'invalid_query', 'segment', /segment\[start\]/],
      [
        { ...ok, segment: { ...cues('vidCodingA1', 0, 1), kind: 'words' } },
        400,
        'invalid_query',
        'segment',
        /segment/,
      ],
      [
        { ...ok, segment: { ...REPLY, text: ' ' } },
        400,
        'invalid_query',
        'segment',
        /text must not be empty/,
      ],
      [{ ...ok, segment: { ...REPLY, commentId: 'no' } }, 400, 'invalid_query', 'segment', /comment id/],
      [{ ...ok, extra: 1 }, 400, 'invalid_query', 'extra', /Unknown parameter/],
    ]
    for (const [body, status, code, param, message] of cases) {
      const res = await t.send('/codings', body)
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status)
      await expectError(res, status, code, param, message)
    }
    expect(await t.codings()).toEqual([])
  })

  it('answers 404 for an unknown or malformed collection, code or coding on every route', async () => {
    const t = await harness()
    const a = await t.code({ name: 'A' })
    const body = { codeIds: [a.id], segment: REPLY, coder: 'Ana' }
    for (const id of ['c_Nothing0000', 'c_Nothing000', 'nope']) {
      for (const [method, path, payload] of [
        ['GET', '/codes', undefined],
        ['POST', '/codes', { name: 'x' }],
        ['PATCH', `/codes/${a.id}`, { name: 'y' }],
        ['DELETE', `/codes/${a.id}`, undefined],
        ['GET', '/codings', undefined],
        ['POST', '/codings', body],
        ['PATCH', `/codings/${UNKNOWN_UUID}`, { memo: 'm' }],
        ['DELETE', `/codings/${UNKNOWN_UUID}`, undefined],
      ] as const) {
        const res = await t.h.request(
          `/api/collections/${id}${path}`,
          payload ? json(payload, method) : { method },
        )
        expect(res.status, `${method} ${id}${path}`).toBe(404)
        expect((await errorOf(res)).message).toMatch(/no collection/)
      }
    }
    for (const [method, path, payload] of [
      ['PATCH', `/codes/${UNKNOWN_UUID}`, { name: 'y' }],
      ['DELETE', '/codes/not-a-uuid', undefined],
      ['PATCH', '/codings/not-a-uuid', { memo: 'm' }],
      ['DELETE', `/codings/${UNKNOWN_UUID}`, undefined],
    ] as const) {
      const res = await t.send(path, payload, method)
      expect(res.status, `${method} ${path}`).toBe(404)
      expect((await errorOf(res)).code).toBe('not_found')
    }
    // A code of another collection is not found through this one.
    const foreign = await t.code({ name: 'F' }, OTHER)
    expect((await t.send(`/codes/${foreign.id}`, { name: 'z' }, 'PATCH')).status).toBe(404)
    expect((await t.codes()).map((c) => c.name)).toEqual(['A'])
  })

  it('keeps its rules when researchers act at once: one of two equal names wins, a code and its codings go together', async () => {
    const t = await harness()
    const statuses = await Promise.all(
      ['Same', 'same', 'SAME'].map(async (name) => (await t.send('/codes', { name })).status),
    )
    expect(statuses.sort()).toEqual([201, 409, 409])
    const many = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.send('/codes', { name: `Code ${i}`, position: 0 })),
    )
    expect(many.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201])
    // Positions stay a permutation whatever the interleaving.
    expect((await t.codes()).map((c) => c.position).sort()).toEqual([0, 1, 2, 3, 4, 5, 6])
    const doomed = await t.code({ name: 'Doomed' })
    const [coding, deleted] = await Promise.all([
      t.send('/codings', { codeIds: [doomed.id], segment: REPLY, coder: 'Ana' }),
      t.send(`/codes/${doomed.id}`, undefined, 'DELETE'),
    ])
    expect(deleted.status).toBe(200)
    // Made before the delete (and deleted with it), or refused as a code no longer there: never left behind, never a 503.
    expect([201, 404]).toContain(coding.status)
    expect(await t.codings()).toEqual([])
  })

  it('a collection deleted takes its codes and codings with it (the foreign keys cascade)', async () => {
    const t = await harness()
    const a = await t.code({ name: 'A' })
    await t.code({ name: 'A1', parentId: a.id })
    await t.apply({ codeIds: [a.id], segment: REPLY })
    await t.h.db.query('DELETE FROM collections WHERE id = $1', [C])
    const [left] = await t.h.db.query<{ codes: number; codings: number }>(
      'SELECT (SELECT count(*)::int FROM codes) AS codes, (SELECT count(*)::int FROM codings) AS codings',
    )
    expect(left).toEqual({ codes: 0, codings: 0 })
  })
})
