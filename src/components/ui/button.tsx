import type { ComponentProps } from 'react'
import { cn } from '#lib/cn.ts'

const VARIANTS = {
  primary: 'bg-sky-700 text-white hover:bg-sky-800 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  ghost: 'text-sky-800 hover:bg-sky-50 disabled:text-slate-400',
} as const

export type ButtonProps = ComponentProps<'button'> & { variant?: keyof typeof VARIANTS; size?: 'sm' | 'md' }

export function Button({
  variant = 'secondary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded font-medium disabled:cursor-not-allowed',
        size === 'sm' ? 'px-2.5 py-1 text-sm' : 'px-4 py-2',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  )
}
