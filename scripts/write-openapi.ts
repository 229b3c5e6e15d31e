/** npm run openapi: writes docs/openapi.json from the function's zod schemas, formatted as Prettier (CI's check) wants it. */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { buildOpenApiDocument } from '../server/openapi/build-document.ts'
import { OPERATIONS } from '../server/openapi/operations.ts'

const file = fileURLToPath(new URL('../docs/openapi.json', import.meta.url))
const text = await format(JSON.stringify(buildOpenApiDocument()), {
  ...(await resolveConfig(file)),
  filepath: file,
})
writeFileSync(file, text)
console.log(`docs/openapi.json: ${OPERATIONS.length} operations, ${Buffer.byteLength(text)} bytes`)
