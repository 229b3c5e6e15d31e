import type { Channel } from '#contract/index.ts'
import { formatCount } from '#lib/format.ts'

type StatProps = { label: string; value: string | undefined; hidden?: boolean }

function Stat({ label, value, hidden }: StatProps) {
  const count = formatCount(value)
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">
        {hidden ? (
          <span
            title={
              value
                ? `The channel hides this number; the service reports ${formatCount(value)?.exact ?? value}.`
                : 'The channel hides this number.'
            }
          >
            hidden
          </span>
        ) : count ? (
          <span title={`${count.exact} ${label.toLowerCase()}`}>{count.compact}</span>
        ) : (
          <span className="text-slate-500">not given</span>
        )}
      </dd>
    </div>
  )
}

export type ChannelStatsProps = { channel: Channel }

/** Subscribers, views and videos, compact with the exact number on hover; a hidden count says so. */
export function ChannelStats({ channel: c }: ChannelStatsProps) {
  return (
    <dl className="grid gap-3 sm:grid-cols-3" aria-label="Counts">
      <Stat label="Subscribers" value={c.subscriberCount} hidden={c.hiddenSubscriberCount === true} />
      <Stat label="Views" value={c.viewCount} />
      <Stat label="Videos" value={c.videoCount} />
    </dl>
  )
}
