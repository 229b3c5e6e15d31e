/** Serverless entry (Vercel, Node runtime): the same function as `npm start`, exported as Vercel's Hono support expects; the platform serves dist/. */
import { loadConfig } from '#server/config.ts'
import { createRuntime } from '#server/runtime.ts'

const { app } = createRuntime({ config: loadConfig() })

export default app
