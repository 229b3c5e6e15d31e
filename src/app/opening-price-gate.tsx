import { useState, type ReactNode } from 'react'
import { formatUsd } from '#contract/prices.ts'
import { PricedButton } from '#components/pricing/priced-button.tsx'
import { needsApproval, useApprovalSetting } from '#lib/pricing/approval-setting.ts'
import type { Opening } from '#lib/pricing/opening-requests.ts'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'

export type OpeningPriceGateProps = {
  opening: Opening
  /** The press that opens the view: "Open captions" becomes "Open captions · $0.00106". */
  label: string
  /** What opening pays for, in a sentence ("the caption file list and the captions in the default language"). */
  pays: string
  /** The browser already holds what the view asks for: opening pays nothing. */
  alreadyLoaded?: boolean
  children: ReactNode
}

/**
 * Holds a paying route's view behind its opening price (docs/decisions/0137): the view opens by itself when opening is
 * cached or costs no more than the header's "Ask me before opening anything that costs more than"; otherwise it shows
 * the price and opens when its priced button is pressed.
 * Once open it stays open (a later quote saying otherwise must not take the view away). Key it by what it opens.
 */
export function OpeningPriceGate({
  opening,
  label,
  pays,
  alreadyLoaded = false,
  children,
}: OpeningPriceGateProps) {
  const [approveUpTo] = useApprovalSetting()
  const price = useOpeningPrice(alreadyLoaded ? undefined : opening)
  const [opened, setOpened] = useState(false)
  const decided = alreadyLoaded || price.quoted || price.failed
  // A failed quote leaves the list price: still safe to open by itself when even that is within the setting.
  const opensByItself = alreadyLoaded || (decided && !needsApproval(price, approveUpTo))
  // Derived once, then kept: set during render so the view mounts in the same pass.
  if (!opened && decided && opensByItself) setOpened(true)
  if (opened || (decided && opensByItself)) return <>{children}</>
  if (!decided) return <p role="status">Checking what opening this page costs…</p>
  return (
    <section
      aria-labelledby="opening-price-gate-heading"
      className="max-w-2xl space-y-3 rounded-lg border border-sky-200 bg-sky-50 p-5"
    >
      <h1 id="opening-price-gate-heading" className="text-xl font-semibold">
        Opening this page is paid
      </h1>
      <p className="text-slate-800">
        It asks the data service for {pays}: <strong>{formatUsd(price.priceUsd)}</strong>
        {price.failed ? ' at list price (the current price could not be checked)' : ''}. You asked to be asked
        before opening anything that costs more than {formatUsd(approveUpTo)} (the setting at the top of the
        page).
      </p>
      <PricedButton
        variant="primary"
        label={label}
        priceUsd={price.priceUsd}
        onClick={() => setOpened(true)}
      />
    </section>
  )
}
