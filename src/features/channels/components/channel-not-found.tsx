import { Link } from 'react-router'
import type { HlCode } from '#contract/index.ts'
import type { Receipt } from '#lib/paid-fetch.ts'
import { describeRef, type ChannelRef } from '#lib/channel-lookup.ts'
import { channelsPath } from '#lib/paths/channels.ts'
import { FetchReceipt } from './fetch-receipt.tsx'

export type ChannelNotFoundProps = { channelRef: ChannelRef; hl: HlCode | undefined; receipt?: Receipt }

/** The service answered, with no channel: say so plainly and suggest the other reading of a name (the lookup box is above). */
export function ChannelNotFound({ channelRef, hl, receipt }: ChannelNotFoundProps) {
  const name =
    channelRef.by === 'handle'
      ? channelRef.handle.slice(1)
      : channelRef.by === 'username'
        ? channelRef.username
        : undefined
  return (
    <section
      aria-labelledby="not-found-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-5"
    >
      <h1 id="not-found-heading" className="text-2xl font-semibold">
        Channel not found
      </h1>
      <p className="mt-2 text-slate-800">
        The data service has no channel for {describeRef(channelRef)}. It may have been renamed, deleted or
        never existed.
      </p>
      {name && channelRef.by === 'handle' && /^[A-Za-z0-9_.-]+$/.test(name) && (
        <p className="mt-2">
          <Link className="text-sky-800 underline" to={channelsPath({ by: 'username', username: name }, hl)}>
            Look up “{name}” as a legacy username instead
          </Link>
        </p>
      )}
      {name && channelRef.by === 'username' && (
        <p className="mt-2">
          <Link
            className="text-sky-800 underline"
            to={channelsPath({ by: 'handle', handle: `@${name}` }, hl)}
          >
            Look up “@{name}” as a handle instead
          </Link>
        </p>
      )}
      {receipt && (
        <div className="mt-3">
          <FetchReceipt receipt={receipt} />
        </div>
      )}
    </section>
  )
}
