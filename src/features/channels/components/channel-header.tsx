import type { Channel, HlCode } from '#contract/index.ts'
import { formatDate, formatRelative } from '#lib/format.ts'
import { bestThumbnail } from '#lib/thumbnail-choice.ts'
import { countryName } from '../lib/hl-options.ts'

export type ChannelHeaderProps = {
  channel: Channel
  hl: HlCode | undefined
  dir: 'rtl' | 'auto'
  /** A safe http(s) URL of the banner, if the channel has one. */
  banner: string | undefined
}

/** The channel's banner, avatar, title and the facts a reader looks for first: handle, id, country, joined. */
export function ChannelHeader({ channel: c, hl, dir, banner }: ChannelHeaderProps) {
  const avatar = bestThumbnail(c.thumbnails, 88)
  const country = countryName(c.country)
  return (
    <header className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      {banner ? (
        <img src={banner} alt="" className="h-28 w-full bg-slate-200 object-cover sm:h-40" />
      ) : (
        <div className="h-16 bg-slate-200" />
      )}
      <div className="flex flex-wrap items-end gap-4 p-4">
        {avatar ? (
          <img
            src={avatar.url}
            alt=""
            width={88}
            height={88}
            className="-mt-12 h-22 w-22 rounded-full border-4 border-white bg-slate-200 object-cover"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <h1 id="channel-title" lang={hl} dir={dir} className="text-2xl font-semibold tracking-tight">
            {c.title ?? c.id}
          </h1>
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
            {c.customUrl && <span>{c.customUrl}</span>}
            <code className="text-xs">{c.id}</code>
            {country && (
              <span>
                <span className="sr-only">Country: </span>
                {country} ({c.country})
              </span>
            )}
            {c.publishedAt && (
              <span>
                Joined{' '}
                <time dateTime={c.publishedAt} title={formatRelative(c.publishedAt)}>
                  {formatDate(c.publishedAt)}
                </time>
              </span>
            )}
          </p>
        </div>
      </div>
    </header>
  )
}
