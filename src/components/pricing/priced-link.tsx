import { useId } from 'react'
import { Link, type LinkProps } from 'react-router'
import { OpeningPriceTag } from './opening-price-tag.tsx'

export type PricedLinkProps = LinkProps & {
  /** What opening the target costs now (useOpeningPrice); the caller quotes, this only shows. */
  price: { priceUsd: number; cached: boolean }
  priceClassName?: string
}

/** A link to a view that pays on opening, showing that price ("Title · $0.00106", "cached · free"). */
export function PricedLink({ price, priceClassName, children, ...props }: PricedLinkProps) {
  const id = useId()
  return (
    <Link {...props} aria-describedby={id}>
      {children}
      <OpeningPriceTag {...price} className={priceClassName} descriptionId={id} />
    </Link>
  )
}
