/** The collection's Codes: who codes, the codebook, every coded segment across videos (each opening its moment), exports. */
import { useMemo } from 'react'
import { Link } from 'react-router'
import type { CollectionDetail } from '#contract/collections.ts'
import type { LanguageCode } from '#contract/enums.ts'
import { CodedSegmentsList } from '#components/coding/coded-segments-list.tsx'
import { CoderNameSetting } from '#components/coding/coder-name-setting.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { useCoderName } from '#lib/coding/coder-name.ts'
import { groupCodings, type GroupedCoding } from '#lib/coding/segment-groups.ts'
import { segmentEditing, useCodebook, useCodingChanges, useCodings } from '#lib/coding/use-coding.ts'
import { repliesPath } from '#lib/urls/replies.ts'
import { videoPath } from '#lib/urls/videos.ts'
import { CodeManager } from './code-manager.tsx'
import { CodingExportsPanel } from './coding-exports-panel.tsx'

type Props = { collection: CollectionDetail }

export function CodesSection({ collection }: Props) {
  const id = collection.id
  const codebook = useCodebook(id)
  const codings = useCodings(id)
  const changes = useCodingChanges(id)
  const [coder, setCoder] = useCoderName()
  const titles = useMemo(
    () => new Map(collection.videos.map((v) => [v.videoId, v.title ?? v.videoId])),
    [collection.videos],
  )
  const groups = useMemo(
    () => groupCodings(codebook.ordered, codings.data ?? [], (v) => titles.get(v) ?? v),
    [codebook.ordered, codings.data, titles],
  )

  /** A cue segment opens the studio at its moment, coding on; a reply opens its thread with it highlighted. */
  function jumpTo(item: GroupedCoding) {
    const s = item.coding.segment
    const to =
      s.kind === 'cues'
        ? videoPath(s.videoId, {
            lang: s.lang as LanguageCode,
            mode: collection.mode,
            t: s.start,
            collection: id,
          })
        : repliesPath(s.parentId ?? s.commentId, {
            reply: s.parentId ? s.commentId : undefined,
            collection: id,
            video: s.videoId ?? undefined,
          })
    return (
      <Link className="text-sky-800 underline" to={to} aria-label={`Open ${item.where}`}>
        {item.where}
      </Link>
    )
  }

  return (
    <section aria-labelledby="codes-h" className="flex flex-col gap-4">
      <h2 id="codes-h" className="text-xl font-semibold">
        Codes
      </h2>
      <p className="text-sm text-slate-700">
        Code moments in the caption studio (open a video above), KWIC hits below, or replies in the thread
        viewer with this collection chosen. Codes and codings are shared by everyone who signs in.
      </p>
      <CoderNameSetting name={coder} onChange={setCoder} />
      {codebook.query.isError && (
        <p role="alert" className="text-red-800">
          The codes could not be loaded: {errorMessage(codebook.query.error)}
        </p>
      )}
      {codebook.query.isPending ? (
        <p role="status">Loading the codes…</p>
      ) : (
        <CodeManager collectionId={id} codes={codebook.ordered} codings={codings.data} />
      )}
      <section aria-labelledby="coded-segments-h" className="flex flex-col gap-2">
        <h3 id="coded-segments-h" className="text-lg font-semibold">
          Coded segments
        </h3>
        {codings.isError && (
          <p role="alert" className="text-red-800">
            The codings could not be loaded: {errorMessage(codings.error)}
          </p>
        )}
        {codings.data && (
          <CodedSegmentsList
            groups={groups}
            headingLevel={4}
            renderJump={jumpTo}
            {...segmentEditing(changes)}
          />
        )}
      </section>
      <CodingExportsPanel collectionId={id} />
    </section>
  )
}
