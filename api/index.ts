/** Serverless entry (Vercel Node runtime): the same function as `npm start`, without the static files (the platform serves dist/). */
import { handle } from 'hono/vercel'
import { loadConfig } from '../server/config.ts'
import { createRuntime } from '../server/runtime.ts'

const { app } = createRuntime({ config: loadConfig(process.env) })

export const GET = handle(app)
export const POST = handle(app)
export default app
