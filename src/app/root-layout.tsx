import { Suspense } from 'react'
import { NavLink, Outlet, useNavigation } from 'react-router'
import { useQuery } from '@tanstack/react-query'
import { healthQueries } from './api/health-queries.ts'
import { NAV_ITEMS } from './nav.ts'
import { CostMeter } from '../features/spend/components/cost-meter.tsx'
import { SignInGate } from '../features/sign-in/components/sign-in-gate.tsx'
import { SignOutButton } from '../features/sign-in/components/sign-out-button.tsx'
import { cn } from '../lib/cn.ts'

function DemoBadge() {
  const { data } = useQuery(healthQueries.status())
  if (data?.mode !== 'demo') return null
  return (
    <span
      className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300"
      title="No API token is configured: the dashboard shows deterministic demo data from the built-in simulator, and nothing is paid."
    >
      Demo data
    </span>
  )
}

export function RootLayout() {
  const navigation = useNavigation()
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[2000] focus:bg-white focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-slate-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <NavLink to="/" className="text-lg font-semibold tracking-tight">
            Poix Research Dashboard
          </NavLink>
          <DemoBadge />
          <nav aria-label="Main" className="flex flex-wrap gap-1 text-sm">
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) => cn('rounded px-2.5 py-1.5 text-slate-200 hover:bg-slate-700 hover:text-white', isActive && 'bg-slate-700 text-white')}
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3">
            <CostMeter />
            <SignOutButton />
          </div>
        </div>
        {navigation.state === 'loading' && <div className="h-0.5 animate-pulse bg-sky-400" role="progressbar" aria-label="Loading the view" />}
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        <Suspense fallback={<p className="text-slate-600">Loading…</p>}>
          <SignInGate>
            <Outlet />
          </SignInGate>
        </Suspense>
      </main>
      <footer className="border-t border-slate-200 px-4 py-3 text-center text-xs text-slate-600">
        Data from the Poix data service. Every request is priced; cached answers are free.
      </footer>
    </div>
  )
}
