import { Link } from 'react-router'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import type { Opening } from '#lib/pricing/opening-requests.ts'
import { ROUTES } from '#lib/urls/routes.ts'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { PasteBox } from './components/paste-box.tsx'

const VIEWS = [
  {
    to: ROUTES.search,
    title: 'Location search',
    text: 'Pick a point and a radius on a map; find, filter and export the videos recorded near it.',
  },
  {
    to: `${ROUTES.search}?area=`,
    title: 'Area sweep',
    text: 'Draw a city, a region or a list of sites; search circles cover it, priced before you run them.',
  },
  {
    to: ROUTES.popular,
    title: 'Popular videos',
    text: "Scroll the platform's most popular videos, chart and export them.",
    opening: { kind: 'popular' },
  },
  {
    to: ROUTES.channels,
    title: 'Channels',
    text: 'Open a channel by URL, id, handle or username; compare several side by side.',
  },
  {
    to: ROUTES.replies,
    title: 'Comment replies',
    text: 'Read the replies to a comment as threads; search and export them, pseudonymised if needed.',
  },
  {
    to: ROUTES.videos,
    title: 'Captions',
    text: 'Read captions in step with playback, search them, and download every format and language.',
  },
  {
    to: ROUTES.bulk,
    title: 'Bulk download',
    text: 'Captions of many videos at once, in the formats and languages you choose, as one ZIP.',
  },
  {
    to: ROUTES.collections,
    title: 'Collections',
    text: 'Gather videos into a corpus, collect their captions on the server, search every transcript and code it.',
  },
  { to: ROUTES.spend, title: 'Spend', text: 'Every paid call, what it cost, and what the cache saved.' },
] as const satisfies readonly ViewCard[]

type ViewCard = { to: string; title: string; text: string; opening?: Opening }

function CardContent({ v }: { v: ViewCard }) {
  return (
    <>
      <span className="font-semibold text-sky-800">{v.title}</span>
      <span className="mt-1 block text-sm text-slate-700">{v.text}</span>
    </>
  )
}

const CARD = 'block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-sky-500 hover:shadow'

/** A view that pays on opening shows that price on its card. */
function PricedCard({ v, opening }: { v: ViewCard; opening: Opening }) {
  const price = useOpeningPrice(opening)
  return (
    <PricedLink to={v.to} className={CARD} price={price} priceClassName="text-slate-700">
      <CardContent v={v} />
    </PricedLink>
  )
}

export function HomeView() {
  return (
    <div className="space-y-8">
      <section>
        <h1 className="text-2xl font-semibold tracking-tight">
          From a point on a map to the videos, channels, threads and captions you need
        </h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          Every request to the data service is priced before you make it, and answers already paid for are
          served from the cache for free.
        </p>
      </section>
      <PasteBox />
      <section aria-labelledby="views-heading">
        <h2 id="views-heading" className="text-lg font-semibold">
          Views
        </h2>
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {VIEWS.map((v) => (
            <li key={v.to}>
              {'opening' in v ? (
                <PricedCard v={v} opening={v.opening} />
              ) : (
                <Link to={v.to} className={CARD}>
                  <CardContent v={v} />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
