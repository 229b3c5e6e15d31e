/** The OpenAPI document: up to date on disk, valid 3.1, one operation per route of the app, and true to what the app answers. */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Validator } from '@seriousme/openapi-schema-validator'
import { loadConfig } from '../config.ts'
import { createRuntime } from '../runtime.ts'
import { buildOpenApiDocument } from './build-document.ts'

type Json = Record<string, unknown>
type Schema = Json & { $ref?: string }

const doc = buildOpenApiDocument()
const schemas = (doc.components as { schemas: Record<string, Schema> }).schemas
const paths = doc.paths as Record<string, Record<string, Json>>

/**
 * What a document schema says of a value, by the JSON Schema keywords the document uses (an independent reading:
 * not zod). Returns the first problem, or undefined when the value fits.
 */
function misfit(schema: Schema, value: unknown, at = '$'): string | undefined {
  if (schema.$ref) return misfit(schemas[schema.$ref.replace('#/components/schemas/', '')]!, value, at)
  const anyOf = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
  if (anyOf && anyOf.every((s) => misfit(s, value, at))) return `${at}: fits none of ${anyOf.length}`
  if (schema.const !== undefined && value !== schema.const) return `${at}: not ${String(schema.const)}`
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) return `${at}: ${String(value)} not in enum`
  const types = [schema.type ?? []].flat() as string[]
  const typeOf =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : Number.isInteger(value)
          ? 'integer'
          : typeof value
  if (types.length && !types.some((t) => t === typeOf || (t === 'number' && typeOf === 'integer')))
    return `${at}: ${typeOf}, not ${types.join('|')}`
  if (typeof value === 'string') {
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value))
      return `${at}: does not match ${schema.pattern}`
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) return `${at}: too short`
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return `${at}: too long`
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return `${at}: below minimum`
    if (typeof schema.maximum === 'number' && value > schema.maximum) return `${at}: above maximum`
  }
  if (Array.isArray(value)) {
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return `${at}: too many items`
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return `${at}: too few items`
    if (schema.items) {
      for (const [i, item] of value.entries()) {
        const m = misfit(schema.items as Schema, item, `${at}[${i}]`)
        if (m) return m
      }
    }
  }
  if (typeOf === 'object') {
    const object = value as Json
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    const missing = ((schema.required ?? []) as string[]).find((k) => !(k in object))
    if (missing) return `${at}.${missing}: required`
    for (const [key, v] of Object.entries(object)) {
      const s = properties[key] ?? (schema.additionalProperties as Schema | boolean | undefined)
      if (s === false) return `${at}.${key}: not allowed`
      const m = s && s !== true ? misfit(s, v, `${at}.${key}`) : undefined
      if (m) return m
    }
  }
  return undefined
}

const bodySchema = (path: string, method: string): Schema =>
  ((paths[path]![method]!.requestBody as Json).content as Record<string, { schema: Schema }>)[
    'application/json'
  ]!.schema
const answerSchema = (path: string, method: string, status: number): Schema => {
  const response = (paths[path]![method]!.responses as Record<string, Json>)[status]!
  const resolved = response.$ref
    ? (doc.components as { responses: Record<string, Json> }).responses[
        String(response.$ref).replace('#/components/responses/', '')
      ]!
    : response
  return (resolved.content as Record<string, { schema: Schema }>)['application/json']!.schema
}

function demoRuntime(env: Record<string, string> = {}) {
  const runtime = createRuntime({
    config: loadConfig({ DATA_DIR: ':memory:', COLLECT_VECTOR_WORKER: 'off', ...env }),
    log: () => {},
  })
  // Opening and migrating the database is slow on a busy machine: not any one test's time.
  beforeAll(() => runtime.ready, 120_000)
  afterAll(() => runtime.dispose())
  return runtime
}

const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

describe('the OpenAPI document', () => {
  it('is the one in docs/openapi.json', () => {
    const onDisk: unknown = JSON.parse(
      readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'),
    )
    expect(onDisk, 'docs/openapi.json is out of date: run npm run openapi').toEqual(doc)
  })

  it('is valid OpenAPI 3.1, and the validator does refuse a broken one', async () => {
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc))
    expect(result.errors).toBeUndefined()
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    const broken = structuredClone(doc) as { paths: Record<string, Record<string, { responses: Json }>> }
    broken.paths['/api/health']!.get!.responses['200'] = { content: {} } // a response without a description
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  describe('against the app', () => {
    // Fault control on, so the one exclusion below is exercised.
    const { app } = demoRuntime({ SIMULATOR_FAULT_CONTROL: '1' })

    it('documents every route the app registers, and nothing else', () => {
      const registered = new Set(
        app.routes
          .filter((r) => r.method !== 'ALL') // middleware, not operations
          .filter((r) => r.path.startsWith('/api/'))
          .filter((r) => !r.path.startsWith('/api/__simulator/')) // tests' fault switch, mounted only on demand
          .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
      )
      const documented = new Set(
        Object.entries(paths).flatMap(([path, ops]) =>
          Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
        ),
      )
      expect(
        [...registered].filter((r) => !documented.has(r)),
        'routes missing from the document',
      ).toEqual([])
      expect(
        [...documented].filter((d) => !registered.has(d)),
        'documented but not routes',
      ).toEqual([])
      expect(app.routes.some((r) => r.path.startsWith('/api/__simulator/'))).toBe(true)
      expect(documented.size).toBeGreaterThan(30)
    })

    it('serves the same document at GET /api/openapi.json', async () => {
      const res = await app.request('/api/openapi.json')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(doc)
    })

    it('a collection body the document refuses, the app refuses with the documented 400', async () => {
      const schema = bodySchema('/api/collections', 'post')
      const refused = [
        {},
        { name: 'Metro', colour: 'red' },
        { name: 'Metro', videoIds: ['short'] },
        { name: 'Metro', mode: 'loud' },
        { name: 'Metro', source: { kind: 'search' } },
      ]
      for (const body of refused) {
        expect(misfit(schema, body), JSON.stringify(body)).toBeDefined()
        const res = await app.request('/api/collections', post(body))
        expect(res.status, JSON.stringify(body)).toBe(400)
        const answer: unknown = await res.json()
        expect(misfit(answerSchema('/api/collections', 'post', 400), answer)).toBeUndefined()
        expect(answer).toMatchObject({ error: { code: 'invalid_query' } })
      }
      const accepted = { name: 'Metro', videoIds: ['dQw4w9WgXcQ'], mode: 'default' }
      expect(misfit(schema, accepted)).toBeUndefined()
      const res = await app.request('/api/collections', post(accepted))
      expect(res.status).toBe(201)
      expect(misfit(answerSchema('/api/collections', 'post', 201), await res.json())).toBeUndefined()
    })

    it('answers as documented: health, session, spend, a quote, a paid search, a collection', async () => {
      const created = (await (
        await app.request('/api/collections', post({ name: 'Docs', videoIds: ['dQw4w9WgXcQ'] }))
      ).json()) as { id: string }
      const search = '/api/search?location=48.8566,2.3522&locationRadius=10km&type=video'
      const cases: [string, string, number][] = [
        ['/api/health', '/api/health', 200],
        ['/api/session', '/api/session', 200],
        ['/api/spend', '/api/spend', 200],
        [`/api/quote?path=${encodeURIComponent(search)}`, '/api/quote', 200],
        [search, '/api/search', 200],
        [`/api/collections/${created.id}`, '/api/collections/{id}', 200],
        [`/api/collections/${created.id}/collect`, '/api/collections/{id}/collect', 200],
        ['/api/collections/c_0000000000', '/api/collections/{id}', 404],
        ['/api/search?location=95,2&locationRadius=10km&type=video', '/api/search', 400],
      ]
      for (const [url, path, status] of cases) {
        const res = await app.request(url)
        expect(res.status, url).toBe(status)
        expect(misfit(answerSchema(path, 'get', status), await res.json()), url).toBeUndefined()
      }
    })
  })

  describe('with DASHBOARD_PASSWORD set', () => {
    const { app } = demoRuntime({ DASHBOARD_PASSWORD: 'correct horse' })

    it('is readable without signing in; other routes still ask for the session', async () => {
      const res = await app.request('/api/openapi.json')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(doc)
      expect((await app.request('/api/collections')).status).toBe(401)
    })
  })
})
