/** The standalone simulator's environment (SIMULATOR_PORT): the one simulator module that reads process.env. */
export type SimulatorConfig = { host: string; port: number }

/** Throws a sentence naming SIMULATOR_PORT when it is not a port number. */
export function loadSimulatorConfig(env: Record<string, string | undefined> = process.env): SimulatorConfig {
  const port = Number(env.SIMULATOR_PORT ?? 8790)
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`SIMULATOR_PORT must be a port number (1–65535), not "${env.SIMULATOR_PORT}".`)
  return { host: '127.0.0.1', port }
}
