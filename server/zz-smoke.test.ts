import { expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { createRuntime } from './runtime.ts'
it('smoke', async () => {
  const rt = createRuntime({ config: loadConfig({ DATA_DIR: ':memory:' }), env: {}, log: (l) => console.log(l) })
  const t0 = Date.now()
  await rt.ready
  console.log('ready in', Date.now() - t0)
  const url = '/api/search?location=48.8566,2.3522&locationRadius=25km&type=video'
  const a = await rt.app.request(url)
  console.log(a.status, a.headers.get('x-cache'), (await a.text()).slice(0, 100))
  const b = await rt.app.request(url)
  console.log(b.status, b.headers.get('x-cache'))
  const s = await rt.app.request('/api/spend')
  console.log(JSON.stringify(await s.json()).slice(0, 1500))
  await rt.dispose()
})
it('second', async () => {
  const t0 = Date.now()
  const rt = createRuntime({ config: loadConfig({ DATA_DIR: ':memory:' }), env: {}, log: (l) => console.log(l) })
  await rt.ready
  console.log('second ready in', Date.now() - t0, process.memoryUsage().rss / 1e6)
  await rt.dispose()
  const t1 = Date.now()
  const rt2 = createRuntime({ config: loadConfig({ DATA_DIR: ':memory:' }), env: {}, log: (l) => console.log(l) })
  await rt2.ready
  console.log('third ready in', Date.now() - t1, process.memoryUsage().rss / 1e6)
})
