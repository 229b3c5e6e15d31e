import { formatUsd } from '#contract/prices.ts'

export type OpeningPriceTagProps = {
  priceUsd: number
  /** Everything opening asks for is in the function's cache. */
  cached: boolean
  className?: string
  /** The id the link or button points its aria-describedby at: its name stays its text, the price is its description. */
  descriptionId: string
}

const openingPriceText = ({ priceUsd, cached }: { priceUsd: number; cached: boolean }) =>
  cached || priceUsd === 0 ? 'cached · free' : formatUsd(priceUsd)

/** What following a link will cost, shown after its text ("· $0.00106") and read as its description. */
export function OpeningPriceTag({
  priceUsd,
  cached,
  className = 'opacity-80',
  descriptionId,
}: OpeningPriceTagProps) {
  const text = openingPriceText({ priceUsd, cached })
  return (
    <>
      <span
        aria-hidden="true"
        className={`whitespace-nowrap text-[0.85em] font-normal tabular-nums ${className}`}
      >
        {' · '}
        <span data-testid="opening-price">{text}</span>
      </span>
      <span id={descriptionId} hidden>
        Opening costs {text}
      </span>
    </>
  )
}
