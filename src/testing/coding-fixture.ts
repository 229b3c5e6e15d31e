/** A collection of collected videos with codes, made through the real function in-process (component tests of coding). */
import { Code } from '#contract/coding.ts'
import { CollectionSummary } from '#contract/collections.ts'

async function json(method: string, url: string, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`)
  return res.json()
}

/** Creates the collection, collects its tracks (demo data, free) and waits for the job; then creates the codes in order. */
export async function codedCollection(
  name: string,
  videoIds: string[],
  codes: { name: string; color: string }[],
) {
  const c = CollectionSummary.parse(await json('POST', '/api/collections', { name, videoIds }))
  await json('POST', `/api/collections/${c.id}/collect`, { maxUsd: 1 })
  for (let i = 0; i < 200; i++) {
    const d = (await (await fetch(`/api/collections/${c.id}`)).json()) as { job: { state: string } | null }
    if (d.job && d.job.state !== 'running') break
    await new Promise((r) => setTimeout(r, 100))
  }
  const made: Code[] = []
  for (const code of codes) made.push(Code.parse(await json('POST', `/api/collections/${c.id}/codes`, code)))
  return { collection: c, codes: made }
}
