import { useId, useState } from 'react'
import type { CommentReply } from '#contract/index.ts'
import { ExportMenu } from '#components/export-menu.tsx'
import { errorMessage } from '#lib/api-client.ts'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { makeProvenance, type Provenance } from '#lib/export/provenance.ts'
import { fileSlug } from '#lib/export/file-slug.ts'
import { pseudonymiseRows, randomSalt } from '../lib/pseudonymise.ts'
import { replyExportColumns, replyExportRows } from '../lib/reply-export.ts'
import type { ThreadLink } from '../lib/thread-inference.ts'

export type RepliesExportPanelProps = {
  parentCommentId: string
  replies: readonly CommentReply[]
  links: ReadonlyMap<string, ThreadLink>
  pagesFetched: number
  pricePerPageUsd: number
  /** When the first page was fetched (ISO). */
  fetchedAt: string
  query: Record<string, unknown>
}

/** Provenance plus how authors were treated, so a reader of the file knows what it can and cannot reveal. */
type ReplyProvenance = Provenance & {
  threadInference: string
  pseudonymised: boolean
  pseudonymSalt?: string
}

export function RepliesExportPanel({
  parentCommentId,
  replies,
  links,
  pagesFetched,
  pricePerPageUsd,
  fetchedAt,
  query,
}: RepliesExportPanelProps) {
  const [pseudonymise, setPseudonymise] = useState(false)
  const [salt, setSalt] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const saltId = useId()
  const saltHelpId = useId()

  async function onExport(format: ExportFormat) {
    setBusy(true)
    setError(undefined)
    try {
      const rows = replyExportRows(replies, links)
      const usedSalt = salt.trim() || randomSalt()
      const items = pseudonymise ? (await pseudonymiseRows(rows, usedSalt)).rows : rows
      const provenance: ReplyProvenance = {
        ...makeProvenance({
          title: `Replies to comment ${parentCommentId}${pseudonymise ? ' (authors pseudonymised)' : ''}`,
          viewUrl: window.location.href,
          operation: 'GET /commentReplies',
          query,
          pagesFetched,
          itemCount: items.length,
          pricesUsd: Array.from({ length: pagesFetched }, () => pricePerPageUsd),
          fetchedAt,
        }),
        threadInference:
          'replyToId and depth are inferred from @mentions of earlier repliers (docs/decisions/0060-thread-inference.md)',
        pseudonymised: pseudonymise,
        ...(pseudonymise
          ? {
              pseudonymSalt: salt.trim()
                ? 'entered by the researcher (not recorded here)'
                : 'random for this export and discarded',
            }
          : {}),
      }
      void exportData(format, {
        items,
        columns: replyExportColumns(pseudonymise),
        provenance,
        basename: fileSlug(
          'replies',
          parentCommentId,
          pseudonymise ? 'pseudonymised' : '',
          new Date().toISOString().slice(0, 10),
        ),
      })
    } catch (e) {
      setError(`The export failed: ${errorMessage(e)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-label="Export" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={pseudonymise}
            onChange={(e) => setPseudonymise(e.target.checked)}
            className="accent-sky-700"
          />
          Pseudonymise authors
        </label>
        {pseudonymise && (
          <span className="inline-flex items-center gap-2">
            <label htmlFor={saltId}>Salt (optional)</label>
            <input
              id={saltId}
              value={salt}
              onChange={(e) => setSalt(e.target.value)}
              aria-describedby={saltHelpId}
              autoComplete="off"
              spellCheck={false}
              className="w-48 rounded border border-slate-300 px-2 py-1 font-mono"
            />
          </span>
        )}
      </div>
      {pseudonymise && (
        <p id={saltHelpId} className="text-xs text-slate-600">
          Names and channel ids become <code>author-…</code> and <code>channel-…</code> (SHA-256 of salt and
          value); avatars and channel links are left out; @mentions of these authors in the texts are replaced
          too. Empty salt: a random one per export, so pseudonyms cannot be matched across exports. Enter the
          same salt to get the same pseudonyms in several exports, and keep it secret. This is not
          anonymisation: reply ids and texts can still be looked up on the platform, and names written without
          @ stay as written.
        </p>
      )}
      <ExportMenu
        onExport={(f) => void onExport(f)}
        disabled={busy || replies.length === 0}
        count={replies.length}
        noun="replies"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  )
}
