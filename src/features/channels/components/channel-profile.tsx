import { RTL_LANGUAGES, type Channel, type HlCode } from '#contract/index.ts'
import { LinkifiedText } from '#components/ui/linkified-text.tsx'
import { Badge } from '#components/ui/badge.tsx'
import { formatCount, formatDate, formatRelative } from '#lib/format.ts'
import { parseKeywords } from '#lib/keywords.ts'
import { safeHttpUrl } from '#lib/linkify.ts'
import { bestThumbnail } from '#lib/thumbnail-choice.ts'
import { topicLabel } from '#lib/topic-labels.ts'
import { countryName } from '../lib/hl-options.ts'
import { videoPath } from '#lib/urls/videos.ts'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'

const yesNo = (b: boolean | undefined): string => (b === undefined ? 'not given' : b ? 'Yes' : 'No')

function Stat({ label, value, hidden }: { label: string; value: string | undefined; hidden?: boolean }) {
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

export type ChannelProfileProps = { channel: Channel; hl: HlCode | undefined }

/** Everything the service says about one channel, each field where a reader would look for it. */
/** The trailer's captions, with what opening them costs. */
function TrailerLink({ videoId }: { videoId: string }) {
  const price = useOpeningPrice({ kind: 'video', videoId })
  return (
    <PricedLink
      to={videoPath(videoId)}
      className="text-sky-800 underline"
      price={price}
      priceClassName="text-slate-600"
    >
      Captions of the trailer ({videoId})
    </PricedLink>
  )
}

export function ChannelProfile({ channel: c, hl }: ChannelProfileProps) {
  const avatar = bestThumbnail(c.thumbnails, 88)
  const banner = c.bannerExternalUrl ? safeHttpUrl(c.bannerExternalUrl) : undefined
  const keywords = parseKeywords(c.keywords)
  const dir = hl && RTL_LANGUAGES.has(hl) ? 'rtl' : 'auto'
  const country = countryName(c.country)
  const playlists = c.relatedPlaylists
  return (
    <article aria-labelledby="channel-title" className="space-y-6">
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

      <dl className="grid gap-3 sm:grid-cols-3" aria-label="Counts">
        <Stat label="Subscribers" value={c.subscriberCount} hidden={c.hiddenSubscriberCount === true} />
        <Stat label="Views" value={c.viewCount} />
        <Stat label="Videos" value={c.videoCount} />
      </dl>

      <section aria-labelledby="channel-about" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="channel-about" className="font-semibold">
          Description
        </h2>
        {c.description ? (
          <div lang={hl} dir={dir}>
            <LinkifiedText text={c.description} className="mt-2 text-slate-800" />
          </div>
        ) : (
          <p className="mt-2 text-slate-600">The channel has no description.</p>
        )}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section
          aria-labelledby="channel-keywords"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="channel-keywords" className="font-semibold">
            Keywords
          </h2>
          {keywords.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Keywords">
              {keywords.map((k) => (
                <li
                  key={k}
                  className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-800 ring-1 ring-slate-300"
                >
                  {k}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-slate-600">No keywords.</p>
          )}
        </section>
        <section aria-labelledby="channel-topics" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="channel-topics" className="font-semibold">
            Topics
          </h2>
          {(c.topicCategories?.length ?? 0) > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-1.5">
              {c.topicCategories!.map((uri) => {
                const href = safeHttpUrl(uri)
                return (
                  <li key={uri}>
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="rounded-full bg-sky-50 px-2.5 py-0.5 text-sm text-sky-900 underline ring-1 ring-sky-200"
                      >
                        {topicLabel(uri)}
                      </a>
                    ) : (
                      <Badge>{topicLabel(uri)}</Badge>
                    )}
                  </li>
                )
              })}
            </ul>
          ) : (
            <p className="mt-2 text-slate-600">No topics.</p>
          )}
          {(c.topicIds?.length ?? 0) > 0 && (
            <p className="mt-2 text-xs text-slate-600">Topic ids: {c.topicIds!.join(', ')}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="channel-details" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="channel-details" className="font-semibold">
          Details
        </h2>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
          <dt className="text-slate-600">Trailer</dt>
          <dd>
            {c.unsubscribedTrailer ? <TrailerLink videoId={c.unsubscribedTrailer} /> : 'No trailer set'}
          </dd>
          <dt className="text-slate-600">Uploads playlist</dt>
          <dd>{playlists?.uploads ? <code>{playlists.uploads}</code> : 'not given'}</dd>
          <dt className="text-slate-600">Likes playlist</dt>
          <dd>
            {playlists?.likes ? (
              <code>{playlists.likes}</code>
            ) : (
              'Empty: the channel shares no liked-videos playlist'
            )}
          </dd>
          <dt className="text-slate-600">Privacy</dt>
          <dd>{c.privacyStatus ?? 'not given'}</dd>
          <dt className="text-slate-600">Made for kids</dt>
          <dd>{yesNo(c.madeForKids)}</dd>
          <dt className="text-slate-600">Linked to an account</dt>
          <dd>{yesNo(c.isLinked)}</dd>
          <dt className="text-slate-600">Long uploads</dt>
          <dd>{c.longUploadsStatus ?? 'not given'}</dd>
          <dt className="text-slate-600">Subscriber count hidden</dt>
          <dd>{yesNo(c.hiddenSubscriberCount)}</dd>
          <dt className="text-slate-600">Banner image</dt>
          <dd className="break-all">
            {banner ? (
              <a href={banner} target="_blank" rel="noopener noreferrer" className="text-sky-800 underline">
                Open the banner
              </a>
            ) : (
              'none'
            )}
          </dd>
        </dl>
      </section>
    </article>
  )
}
