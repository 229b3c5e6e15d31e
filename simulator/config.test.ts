import { describe, expect, it } from 'vitest'
import { loadSimulatorConfig } from './config.ts'

describe('the standalone simulator configuration', () => {
  it('listens on 127.0.0.1:8790 unless SIMULATOR_PORT says otherwise', () => {
    expect(loadSimulatorConfig({})).toEqual({ host: '127.0.0.1', port: 8790 })
    expect(loadSimulatorConfig({ SIMULATOR_PORT: '9001' })).toEqual({ host: '127.0.0.1', port: 9001 })
  })

  it('refuses a SIMULATOR_PORT that is not a port number, naming it', () => {
    for (const bad of ['0', '70000', 'abc', '80.5'])
      expect(() => loadSimulatorConfig({ SIMULATOR_PORT: bad })).toThrow(
        `SIMULATOR_PORT must be a port number (1–65535), not "${bad}".`,
      )
  })
})
