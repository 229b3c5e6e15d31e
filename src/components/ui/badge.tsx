import type { ComponentProps } from 'react'
import { cn } from '#lib/cn.ts'

const TONES = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-sky-50 text-sky-900 ring-sky-300',
  warn: 'bg-amber-50 text-amber-900 ring-amber-300',
  good: 'bg-emerald-50 text-emerald-900 ring-emerald-300',
} as const

type BadgeTone = keyof typeof TONES
export type BadgeProps = ComponentProps<'span'> & { tone?: BadgeTone }

/** A small labelled flag (made for kids, licence, privacy…); its text must make sense read aloud. */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      {...props}
    />
  )
}
