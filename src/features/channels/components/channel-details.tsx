import type { Channel } from '#contract/index.ts'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { videoPath } from '#lib/urls/videos.ts'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'

const yesNo = (b: boolean | undefined): string => (b === undefined ? 'not given' : b ? 'Yes' : 'No')

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

export type ChannelDetailsProps = {
  channel: Channel
  /** A safe http(s) URL of the banner, if the channel has one. */
  banner: string | undefined
}

/** The rest of what the service says: trailer, playlists, status flags and the banner's address. */
export function ChannelDetails({ channel: c, banner }: ChannelDetailsProps) {
  const playlists = c.relatedPlaylists
  return (
    <section aria-labelledby="channel-details" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="channel-details" className="font-semibold">
        Details
      </h2>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
        <dt className="text-slate-600">Trailer</dt>
        <dd>{c.unsubscribedTrailer ? <TrailerLink videoId={c.unsubscribedTrailer} /> : 'No trailer set'}</dd>
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
  )
}
