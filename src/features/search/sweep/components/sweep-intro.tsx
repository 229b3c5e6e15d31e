import { Link } from 'react-router'
import { ROUTES } from '#lib/urls/routes.ts'

/** The view's title and how a sweep works: nothing is paid until Run. */
export function SweepIntro() {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight">Area sweep</h1>
      <p className="mt-1 max-w-3xl text-slate-700">
        Draw an area (or type its vertices, or paste GeoJSON or a list of sites); it is covered with search
        circles, and every video the circles find is collected into one list without duplicates. Nothing is
        paid until you press Run; the area is kept in this page&apos;s address, so the sweep is a shareable
        link.{' '}
        <Link to={ROUTES.search} className="text-sky-800 underline">
          Search around one point instead
        </Link>
        .
      </p>
    </div>
  )
}
