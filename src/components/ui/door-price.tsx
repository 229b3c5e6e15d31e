import { formatUsd } from '#contract/prices.ts'

export type DoorPriceProps = {
  priceUsd: number
  /** Everything opening asks for is in the function's cache. */
  cached: boolean
  className?: string
}

/** What following a link will cost, inside the link so it is part of its name ("Open captions · $0.00106"). */
export function DoorPrice({ priceUsd, cached, className = 'opacity-80' }: DoorPriceProps) {
  return (
    <span className={`whitespace-nowrap text-[0.85em] font-normal tabular-nums ${className}`}>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, opening costs </span>
      <span data-testid="door-price">{cached || priceUsd === 0 ? 'cached · free' : formatUsd(priceUsd)}</span>
    </span>
  )
}
