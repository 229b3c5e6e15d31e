import { it } from 'vitest'
import { SearchPage } from '../../../contract/index.ts'
import { getJson } from '../../lib/api-client.ts'
it('dbg', async () => {
  await getJson('/api/search', { location: '48.8566,2.3522', locationRadius: '25km', type: 'video' }, SearchPage)
  await getJson('/api/search', { location: '48.8566,2.3522', locationRadius: '25km', type: 'video' }, SearchPage)
  const r = await fetch('/api/spend?limit=5')
  console.log(r.status, JSON.stringify(await r.json(), null, 1))
})
