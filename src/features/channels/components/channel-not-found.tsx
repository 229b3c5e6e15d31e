import type { ReactNode } from 'react'
import type { HlCode } from '#contract/index.ts'
import type { Receipt } from '#lib/paid-fetch.ts'
import { describeRef, type ChannelRef } from '#lib/channel-lookup.ts'
import { channelsPath } from '#lib/urls/channels.ts'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { FetchReceipt } from './fetch-receipt.tsx'

export type ChannelNotFoundProps = { channelRef: ChannelRef; hl: HlCode | undefined; receipt?: Receipt }

/** The service answered, with no channel: say so plainly and suggest the other reading of a name (the lookup box is above). */
/** Another reading of the same name, with what opening it costs. */
function LookupLink({
  target,
  hl,
  children,
}: {
  target: ChannelRef
  hl: HlCode | undefined
  children: ReactNode
}) {
  const price = useOpeningPrice({ kind: 'channel', ref: target, hl })
  return (
    <PricedLink
      className="text-sky-800 underline"
      to={channelsPath(target, hl)}
      price={price}
      priceClassName="text-slate-700"
    >
      {children}
    </PricedLink>
  )
}

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
          <LookupLink target={{ by: 'username', username: name }} hl={hl}>
            Look up “{name}” as a legacy username instead
          </LookupLink>
        </p>
      )}
      {name && channelRef.by === 'username' && (
        <p className="mt-2">
          <LookupLink target={{ by: 'handle', handle: `@${name}` }} hl={hl}>
            Look up “@{name}” as a handle instead
          </LookupLink>
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
