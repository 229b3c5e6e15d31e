/** GET /api/openapi.json: the OpenAPI document, open to everyone (it describes the interface and holds no secret). */
import { Hono } from 'hono'
import { buildOpenApiDocument } from './build-document.ts'

let built: ReturnType<typeof buildOpenApiDocument> | undefined

export const openapi = new Hono().get('/', (c) => {
  built ??= buildOpenApiDocument() // built on first request: the schemas do not change while the server runs
  c.header('Cache-Control', 'no-cache')
  return c.json(built)
})
