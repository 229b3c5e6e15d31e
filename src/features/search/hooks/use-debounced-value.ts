import { useEffect, useState } from 'react'

/** `value` once it has stopped changing for `ms`: a dragged radius asks for one price quote, not fifty. */
export function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(t)
  }, [value, ms])
  return settled
}
