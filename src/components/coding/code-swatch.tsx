import { cn } from '#lib/cn.ts'

/** A code's colour as a small square; decorative, the code's name always stands beside it. */
export function CodeSwatch({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block h-3 w-3 shrink-0 rounded-sm ring-1 ring-black/20', className)}
      style={{ backgroundColor: color }}
    />
  )
}
