/** The function for `npm run dev`, built once per module load (Vite reloads this module when server code changes). */
import { loadConfig } from './config.ts'
import { createRuntime } from './runtime.ts'

let app: ReturnType<typeof createRuntime>['app'] | undefined

export function devApp() {
  app ??= createRuntime({ config: loadConfig() }).app
  return app
}
