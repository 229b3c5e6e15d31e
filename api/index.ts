/** Serverless entry (Vercel, Node runtime): the same function as `npm start`, exported as Vercel's Hono support expects; the platform serves dist/. */
import { loadConfig } from '#server/config.ts'
import { createServerlessRuntime } from '#server/entry-serverless.ts'

// Refused at import without DATABASE_URL, so a deployment fails at once rather than at its first paid call.
const { app } = createServerlessRuntime(loadConfig())

export default app
