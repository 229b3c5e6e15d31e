import { startTransition, useEffect, useState, type ReactNode } from 'react'

export type AfterFirstPaintProps = {
  /** Anything that changes what children show (rows loaded, filters…): a change renders them at once. */
  version: string
  /** Holds their place meanwhile (same size, so nothing moves when they arrive). */
  fallback?: ReactNode
  children: ReactNode
}

/**
 * For a view's costliest part (a long list of cards): its first render is a transition, after the rest of the view
 * has painted, so React renders it in slices that leave the main thread free instead of one long task. Anything
 * newer than what it mounted with renders at once, so it never lags behind the counts and controls around it.
 */
export function AfterFirstPaint({ version, fallback = null, children }: AfterFirstPaintProps) {
  const [shown, setShown] = useState(false)
  const [mountedWith] = useState(version)
  useEffect(() => startTransition(() => setShown(true)), [])
  return shown || version !== mountedWith ? children : fallback
}
