import { formatClock, formatCount } from '#lib/format.ts'

export type CountStatProps = { value: string | undefined; one: string; other: string; hiddenText?: string }

/** A count in compact form for reading, with the exact number on hover (the title) for citing. */
export function CountStat({ value, one, other, hiddenText }: CountStatProps) {
  const count = formatCount(value)
  if (!count) return <span className="text-slate-500">{hiddenText ?? `${other} not shown`}</span>
  const noun = Number(value) === 1 ? one : other
  return (
    <span title={`${count.exact} ${noun}`} data-exact={count.exact}>
      <span className="font-medium tabular-nums">{count.compact}</span> {noun}
    </span>
  )
}

export type DurationStatProps = { seconds: number | undefined; iso: string | undefined }

export function DurationStat({ seconds, iso }: DurationStatProps) {
  if (seconds === undefined) return <span className="text-slate-500">duration unknown</span>
  return (
    <span title={iso ? `Duration ${iso} (${seconds} s)` : `${seconds} s`}>
      <span className="sr-only">Duration </span>
      <time dateTime={iso ?? `PT${seconds}S`} className="font-medium tabular-nums">
        {formatClock(seconds)}
      </time>
    </span>
  )
}
