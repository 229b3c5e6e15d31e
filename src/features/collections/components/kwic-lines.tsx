/** Keyword-in-context lines: words before | hit | words after in aligned columns, each hit a link to that moment in the caption studio. */
import { Fragment, useState } from 'react'
import { Link } from 'react-router'
import type { CaptionMode, LanguageCode } from '#contract/enums.ts'
import { CodingChips } from '#components/coding/coding-chips.tsx'
import { formatClock } from '#lib/format.ts'
import type { CorpusSort } from '#lib/urls/collections.ts'
import { videoPath } from '#lib/urls/videos.ts'
import type { KwicLine } from '../api/corpus-search.ts'
import type { KwicCoding } from '../hooks/use-kwic-coding.ts'
import { KwicCodeForm } from './kwic-code-form.tsx'

type Props = {
  lines: readonly KwicLine[]
  titles: ReadonlyMap<string, string>
  sort: CorpusSort
  onSort: (sort: CorpusSort) => void
  /** The collection the studio codes in when a hit opens it. */
  collectionId: string
  mode: CaptionMode
  coding: KwicCoding
}

const SORT_NAMES: Record<CorpusSort, string> = {
  before: 'the words before',
  after: 'the words after',
  video: 'video',
  time: 'video order and time',
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
}: { column: CorpusSort; label: string } & Pick<Props, 'sort' | 'onSort'>) {
  return (
    <th
      scope="col"
      aria-sort={sort === column ? 'ascending' : 'none'}
      className={column === 'before' ? 'text-right' : 'text-left'}
    >
      <button
        type="button"
        className="underline decoration-dotted"
        aria-label={`Sort by ${SORT_NAMES[column]}`}
        onClick={() => onSort(column)}
      >
        {label}
        {sort === column ? ' ▲' : ''}
      </button>
    </th>
  )
}

/**
 * The studio's address for a hit: its video, language and the cue's own start (whole seconds, as the studio takes
 * it), in the collection's mode with its codes (coding on).
 */
const hitPath = (
  line: Pick<KwicLine, 'videoId' | 'lang' | 'offset'>,
  collection?: { id: string; mode: CaptionMode },
) =>
  videoPath(line.videoId, {
    lang: line.lang as LanguageCode,
    t: line.offset,
    mode: collection?.mode,
    collection: collection?.id,
  })

const lineKey = (line: KwicLine) => `${line.videoId}:${line.seq}:${line.lang}`

export function KwicLines({ lines, titles, sort, onSort, collectionId, mode, coding }: Props) {
  const [open, setOpen] = useState<string>()
  const collection = { id: collectionId, mode }
  return (
    <table className="w-full table-fixed border-collapse font-mono text-sm">
      <caption className="sr-only">
        Keyword in context: the words before each hit, the hit, the words after
      </caption>
      <colgroup>
        <col className="w-[33%]" />
        <col className="w-[13%]" />
        <col className="w-[26%]" />
        <col className="w-[11%]" />
        <col className="w-[6%]" />
        <col className="w-[11%]" />
      </colgroup>
      <thead className="font-sans">
        <tr>
          <SortHeader column="before" label="Before" sort={sort} onSort={onSort} />
          <th scope="col" className="text-center">
            Hit
          </th>
          <SortHeader column="after" label="After" sort={sort} onSort={onSort} />
          <SortHeader column="video" label="Video" sort={sort} onSort={onSort} />
          <SortHeader column="time" label="Time" sort={sort} onSort={onSort} />
          <th scope="col" className="text-left">
            Codes
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => {
          const key = lineKey(line)
          const title = titles.get(line.videoId) ?? line.videoId
          const where = `${formatClock(line.offset)} in ${title}`
          const chips = coding.chipsOf(line)
          return (
            <Fragment key={key}>
              <tr className="border-t border-slate-100">
                <td className="py-0.5">
                  {/* Overflowing context is cut on the far side, so the words next to the hit stay visible. */}
                  <div className="flex justify-end overflow-hidden whitespace-nowrap">{line.before}</div>
                </td>
                <td className="px-1 text-center">
                  <Link to={hitPath(line, collection)} className="font-bold text-sky-900 underline">
                    <mark className="bg-amber-100">{line.hit ?? line.text}</mark>
                  </Link>
                </td>
                <td className="pr-3">
                  <div className="overflow-hidden whitespace-nowrap">{line.after}</div>
                </td>
                <td className="truncate pr-2 font-sans" title={titles.get(line.videoId)}>
                  {titles.get(line.videoId) ?? line.videoId}
                </td>
                <td className="font-sans">
                  <Link to={hitPath(line, collection)} aria-label={where}>
                    {formatClock(line.offset)}
                  </Link>
                </td>
                <td className="font-sans">
                  <div className="flex flex-wrap items-center gap-1">
                    <CodingChips
                      chips={chips}
                      busy={coding.changes.remove.isPending}
                      onRemove={(id) => coding.changes.remove.mutate(id)}
                    />
                    <button
                      type="button"
                      className="rounded px-1 text-sm text-sky-800 underline"
                      aria-expanded={open === key}
                      aria-label={`Code the hit at ${where}`}
                      onClick={() => setOpen(open === key ? undefined : key)}
                    >
                      Code
                    </button>
                  </div>
                </td>
              </tr>
              {open === key && (
                <tr>
                  <td colSpan={6}>
                    <KwicCodeForm
                      line={line}
                      where={where}
                      coding={coding}
                      onClose={() => setOpen(undefined)}
                    />
                  </td>
                </tr>
              )}
            </Fragment>
          )
        })}
      </tbody>
    </table>
  )
}
