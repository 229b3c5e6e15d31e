// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { createQueryClient } from '#lib/query-client.ts'
import type { Restore } from '#lib/use-query-persistence.ts'
import { AppProviders, RestoredQueries } from './providers.tsx'

function deferredRestore() {
  let finish!: () => void
  const restore: Restore = { settled: false, done: new Promise<void>((resolve) => (finish = resolve)) }
  return {
    restore,
    finish: () => {
      restore.settled = true
      finish()
    },
  }
}

function Probe({ name, calls }: { name: string; calls: string[] }) {
  const { data } = useQuery({
    queryKey: [name],
    queryFn: async () => {
      calls.push(name)
      return `${name} answered`
    },
  })
  return <p>{data ?? `${name} waiting`}</p>
}

describe('AppProviders and RestoredQueries', () => {
  it('hold the views’ queries until the persisted cache is restored; the shell’s run at once', async () => {
    const calls: string[] = []
    const { restore, finish } = deferredRestore()
    render(
      <AppProviders queryClient={createQueryClient({ retry: false })} restore={restore}>
        <Probe name="shell" calls={calls} />
        <RestoredQueries>
          <Probe name="view" calls={calls} />
        </RestoredQueries>
      </AppProviders>,
    )
    expect(await screen.findByText('shell answered')).toBeTruthy()
    expect(screen.getByText('view waiting')).toBeTruthy()
    expect(calls).toEqual(['shell'])

    finish()
    expect(await screen.findByText('view answered')).toBeTruthy()
    expect(calls).toEqual(['shell', 'view'])
  })

  it('use what the restore put in the cache instead of asking again', async () => {
    const calls: string[] = []
    const client = createQueryClient({ retry: false })
    const { restore, finish } = deferredRestore()
    render(
      <AppProviders queryClient={client} restore={restore}>
        <RestoredQueries>
          <Probe name="view" calls={calls} />
        </RestoredQueries>
      </AppProviders>,
    )
    // What persistQueryClientRestore does: hydrate the cache before the restore resolves.
    client.setQueryData(['view'], 'view restored')
    finish()
    await waitFor(() => expect(screen.getByText('view restored')).toBeTruthy())
    expect(calls).toEqual([])
  })
})
