/** Keyword-in-context lines: words before | hit | words after in aligned columns, each hit a link to that moment in the caption studio. */
import { Link } from 'react-router'
import type { LanguageCode } from '#contract/enums.ts'
import { formatClock } from '#lib/format.ts'
import type { CorpusSort } from '#lib/paths/collections.ts'
import { videoPath } from '#lib/paths/videos.ts'
import type { KwicLine } from '../api/corpus-search.ts'

type Props = {
  lines: readonly KwicLine[]
  titles: ReadonlyMap<string, string>
  sort: CorpusSort
  onSort: (sort: CorpusSort) => void
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

/** The studio's address for a hit: its video, language and the cue's own start (whole seconds, as the studio takes it). */
export const hitPath = (line: Pick<KwicLine, 'videoId' | 'lang' | 'offset'>) =>
  videoPath(line.videoId, { lang: line.lang as LanguageCode, t: line.offset })

export function KwicLines({ lines, titles, sort, onSort }: Props) {
  return (
    <table className="w-full table-fixed border-collapse font-mono text-sm">
      <caption className="sr-only">
        Keyword in context: the words before each hit, the hit, the words after
      </caption>
      <colgroup>
        <col className="w-[38%]" />
        <col className="w-[14%]" />
        <col className="w-[30%]" />
        <col className="w-[12%]" />
        <col className="w-[6%]" />
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
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.videoId}:${line.seq}:${line.lang}`} className="border-t border-slate-100">
            <td className="py-0.5">
              {/* Overflowing context is cut on the far side, so the words next to the hit stay visible. */}
              <div className="flex justify-end overflow-hidden whitespace-nowrap">{line.before}</div>
            </td>
            <td className="px-1 text-center">
              <Link to={hitPath(line)} className="font-bold text-sky-900 underline">
                <mark className="bg-amber-100">{line.hit ?? line.text}</mark>
              </Link>
            </td>
            <td>
              <div className="overflow-hidden whitespace-nowrap">{line.after}</div>
            </td>
            <td className="truncate font-sans" title={titles.get(line.videoId)}>
              {titles.get(line.videoId) ?? line.videoId}
            </td>
            <td className="font-sans">
              <Link
                to={hitPath(line)}
                aria-label={`${formatClock(line.offset)} in ${titles.get(line.videoId) ?? line.videoId}`}
              >
                {formatClock(line.offset)}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
