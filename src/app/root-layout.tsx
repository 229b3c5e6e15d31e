import { lazy, Suspense, useId } from 'react'
import { NavLink, ScrollRestoration, useNavigation, useOutlet, type Location } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { OpeningPriceTag } from '#components/pricing/opening-price-tag.tsx'
import { APP_NAME } from '#lib/page-title.ts'
import { ApprovalSelect } from '#components/pricing/approval-select.tsx'
import {
  APPROVAL_CHOICES_USD,
  DEFAULT_APPROVE_UP_TO_USD,
  useApprovalSetting,
} from '#lib/pricing/approval-setting.ts'
import type { Opening } from '#lib/pricing/opening-requests.ts'
import { ROUTES } from '#lib/urls/routes.ts'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { healthQueries } from './api/health-queries.ts'
import { NAV_ITEMS } from './nav.ts'
import { StorageDamagedBanner } from './storage-damaged-banner.tsx'
import { RestoredQueries } from './providers.tsx'
import { CostMeter } from '#features/spend/components/cost-meter.tsx'
import { SignInGate } from '#features/sign-in/components/sign-in-gate.tsx'
import { useAccess } from '#features/sign-in/hooks/use-access.ts'

// Only password-protected deployments show it: its code (and useMutation's) loads when it is needed (docs/decisions/0099).
const SignOutButton = lazy(() =>
  import('#features/sign-in/components/sign-out-button.tsx').then((m) => ({ default: m.SignOutButton })),
)

const BADGE =
  'rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300'

function DemoBadge() {
  const { data, isPending } = useQuery(healthQueries.status())
  // Holds the badge's place until /api/health answers, so the navigation beside it does not jump (demo is the common case).
  if (isPending)
    return (
      <span aria-hidden="true" className="invisible">
        <span className={BADGE}>Demo data</span>
      </span>
    )
  if (data?.mode !== 'demo') return null
  return (
    <span
      className={BADGE}
      title="No API token is configured: the dashboard shows deterministic demo data from the built-in simulator, and nothing is paid."
    >
      Demo data
    </span>
  )
}

/** The footer names where the data on screen come from: invented demo data is never presented as the service's. */
function SourceLine() {
  const { data } = useQuery(healthQueries.status())
  if (!data) return <>Every request is priced; cached answers are free.</>
  return data.mode === 'demo' ? (
    <>
      Invented data from the built-in simulator of the Poix data service (demo mode): nothing is paid, and
      every request is still priced as the service would charge it.
    </>
  ) : (
    <>Data from the Poix data service. Every request is priced; cached answers are free.</>
  )
}

function SignOut() {
  const access = useAccess()
  if (access !== 'signed-in') return null
  return (
    <div className="ml-auto">
      <Suspense fallback={null}>
        <SignOutButton />
      </Suspense>
    </div>
  )
}

const NAV_LINK =
  'rounded px-2.5 py-1.5 text-slate-200 hover:bg-slate-700 hover:text-white aria-[current=page]:bg-slate-700 aria-[current=page]:text-white'

/** A view that pays on opening shows that price beside its name ("Popular · $0.00013"). */
function PricedNavLink({ to, label, opening }: { to: string; label: string; opening: Opening }) {
  const price = useOpeningPrice(opening)
  const id = useId()
  return (
    <NavLink to={to} className={NAV_LINK} aria-describedby={id}>
      {label}
      <OpeningPriceTag {...price} descriptionId={id} />
    </NavLink>
  )
}

function Approval() {
  const [value, setValue] = useApprovalSetting()
  return (
    <ApprovalSelect
      valueUsd={value}
      choicesUsd={APPROVAL_CHOICES_USD}
      defaultUsd={DEFAULT_APPROVE_UP_TO_USD}
      onChange={setValue}
    />
  )
}

/** Every page loaded by its address has the key "default": keyed by its URL instead, so one loaded page's scroll is not another's. */
const scrollKey = (location: Location) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key

/**
 * The header keeps one height whatever loads into it (badge, meter figures, sign-out), and main is at least a
 * screen tall, so the footer starts below the fold: a view growing as its data arrives moves nothing on screen
 * (docs/decisions/0100).
 *
 * It is also the root route's HydrateFallback: while the first view's lazy module loads, the router renders this
 * same component (without an outlet), so the header paints at once and is not mounted a second time when the
 * view arrives (its queries would be cancelled and asked again).
 */
export function RootLayout() {
  const navigation = useNavigation()
  const outlet = useOutlet()
  const loading = <p className="text-slate-600">Loading…</p>
  return (
    <div className="flex flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[2000] focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="relative border-b border-slate-200 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <NavLink to={ROUTES.home} className="text-lg font-semibold tracking-tight">
            {APP_NAME}
          </NavLink>
          <DemoBadge />
          <nav aria-label="Main" className="flex flex-wrap gap-1 text-sm">
            {NAV_ITEMS.map((item) =>
              item.opening ? (
                <PricedNavLink key={item.to} to={item.to} label={item.label} opening={item.opening} />
              ) : (
                // NavLink marks the current view with aria-current="page"; the style follows it.
                <NavLink key={item.to} to={item.to} className={NAV_LINK}>
                  {item.label}
                </NavLink>
              ),
            )}
          </nav>
          <SignOut />
          {/* Its own row: figures that arrive later lengthen it, never wrap it onto another line. */}
          <div className="flex min-h-4 basis-full flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-xs">
            <Approval />
            <div className="ml-auto">
              <CostMeter />
            </div>
          </div>
        </div>
        {navigation.state === 'loading' && (
          <div
            className="absolute inset-x-0 bottom-0 h-0.5 animate-pulse bg-sky-400"
            role="progressbar"
            aria-label="Loading the view"
          />
        )}
      </header>
      <StorageDamagedBanner />
      <main id="main" className="mx-auto min-h-screen w-full max-w-7xl px-4 py-6">
        <Suspense fallback={loading}>
          <SignInGate>
            <RestoredQueries>{outlet ?? loading}</RestoredQueries>
          </SignInGate>
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 px-4 py-3 text-center text-xs text-slate-600">
        <SourceLine />
      </footer>
      {/* A new page starts at its top; Back and Forward return to where each page was left. */}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  )
}
