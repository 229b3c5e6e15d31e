import { expect, it } from 'vitest'
import { openEngineDatabase } from '../testing/open-engine-database.ts'
import { describeOnEngines } from '../testing/postgres-cluster.ts'
import { binaryArray, binaryArrayLength, concatBinaryArrays } from './binary-array.ts'

const TEXTS = [
  '',
  'plain',
  'quote " and \\ backslash',
  '{braces}, commas',
  'NULL',
  'métro 駅 🚇',
  'line\nbreak\ttab',
]
const FLOATS = [0, -0, 0.1, 1e-300, 123456.789, -2.5, 1.7976931348623157e308, Number.MIN_VALUE]
const INT8 = [0, 1, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER]
const INT4 = [0, 2147483647, -2147483648, 42]

describeOnEngines('binary arrays as parameters', (engine) => {
  it('reach the database as the exact values, element by element', async () => {
    const db = await openEngineDatabase(engine)
    const [row] = await db.query<{ t: string[]; f: string[]; i8: string[]; i4: number[] }>(
      // Floats read back as text with full precision, so a rounding on the way would show.
      `SELECT $1::text[] AS t, (SELECT array_agg(x::text ORDER BY n) FROM unnest($2::float8[]) WITH ORDINALITY AS u(x, n)) AS f,
              (SELECT array_agg(x::text ORDER BY n) FROM unnest($3::bigint[]) WITH ORDINALITY AS u(x, n)) AS i8, $4::int[] AS i4`,
      [binaryArray.text(TEXTS), binaryArray.float8(FLOATS), binaryArray.int8(INT8), binaryArray.int4(INT4)],
    )
    expect(row!.t).toEqual(TEXTS)
    expect(row!.f.map(Number)).toEqual(FLOATS)
    expect(Object.is(Number(row!.f[1]), -0)).toBe(true)
    expect(row!.i8).toEqual(INT8.map(String))
    expect(row!.i4).toEqual(INT4)
  })

  it('an empty array is an empty array', async () => {
    const db = await openEngineDatabase(engine)
    const [row] = await db.query<{ n: number; t: unknown }>(
      'SELECT cardinality($1::text[]) AS n, array_length($1::text[], 1) AS t',
      [binaryArray.text([])],
    )
    expect(row).toEqual({ n: 0, t: null })
  })

  it('several arrays joined are their elements in order, also from array_send, also with empty ones', async () => {
    const db = await openEngineDatabase(engine)
    const [sent] = await db.query<{ v: Uint8Array; e: Uint8Array }>(
      "SELECT array_send(ARRAY[to_tsvector('english', 'running people'), to_tsvector('simple', 'ok')]) AS v, array_send('{}'::tsvector[]) AS e",
    )
    expect(binaryArrayLength(sent!.v)).toBe(2)
    expect(binaryArrayLength(sent!.e)).toBe(0)
    const [row] = await db.query<{ t: string[]; v: string[]; n: number; none: number }>(
      `SELECT $1::text[] AS t, (SELECT array_agg(x::text ORDER BY n) FROM unnest($2::tsvector[]) WITH ORDINALITY AS u(x, n)) AS v,
              cardinality($3::int[]) AS n, cardinality($4::text[]) AS none`,
      [
        concatBinaryArrays([binaryArray.text(['a', 'b']), binaryArray.text([]), binaryArray.text(['c'])]),
        concatBinaryArrays([sent!.e, sent!.v, sent!.v]),
        concatBinaryArrays([binaryArray.int4([1, 2]), binaryArray.int4([3])]),
        concatBinaryArrays([binaryArray.text([]), binaryArray.text([])]),
      ],
    )
    expect(row).toEqual({
      t: ['a', 'b', 'c'],
      v: ["'peopl':2 'run':1", "'ok':1", "'peopl':2 'run':1", "'ok':1"],
      n: 3,
      none: 0,
    })
  })

  it('a text holding NUL is refused by the database, as a text parameter is', async () => {
    const db = await openEngineDatabase(engine)
    await expect(db.query('SELECT $1::text[] AS t', [binaryArray.text(['a\u0000b'])])).rejects.toThrow()
  })
})

it('refuses what is not an integer of the width before anything is sent', () => {
  expect(() => binaryArray.int4([2 ** 31])).toThrow('2147483648 is not a 32-bit integer')
  expect(() => binaryArray.int4([1.5])).toThrow('1.5 is not a 32-bit integer')
  expect(() => binaryArray.int8([2 ** 60])).toThrow('is not a 64-bit integer')
})

it('refuses to join arrays of different element types or that are not one-dimensional', () => {
  expect(() => concatBinaryArrays([binaryArray.int4([1]), binaryArray.text(['a'])])).toThrow(
    'different element types',
  )
  expect(() => binaryArrayLength(new Uint8Array(8))).toThrow('not a one-dimensional array')
})
