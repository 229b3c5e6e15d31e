import { formatUsd } from '#contract/index.ts'
import { Button, type ButtonProps } from '../ui/button.tsx'

export type PricedButtonProps = Omit<ButtonProps, 'children'> & {
  label: string
  /** List price of what pressing costs; `~` is shown when it is an estimate. */
  priceUsd: number
  estimate?: boolean
  /** The answer is already cached by the function: pressing costs nothing. */
  cached?: boolean
}

/** Every paid action says its price before it is pressed ("Search · $0.00203", "cached · free"). */
export function PricedButton({ label, priceUsd, estimate, cached, ...props }: PricedButtonProps) {
  const price = cached ? 'cached · free' : `${estimate ? '~' : ''}${formatUsd(priceUsd)}`
  return (
    <Button {...props}>
      <span>{label}</span>
      <span aria-hidden="true" className="opacity-70">
        ·
      </span>
      <span className="tabular-nums" data-testid="price">
        {price}
      </span>
    </Button>
  )
}
