import { useId, useState } from 'react'
import { ExportMenu } from '#components/export-menu.tsx'
import { Button } from '#components/ui/button.tsx'
import { exportData, type ExportFormat } from '#lib/export/export-data.ts'
import { formatDate } from '#lib/format.ts'
import { projectSalt, resetProjectSalt, type ProjectSalt } from '../lib/pseudonym-salt.ts'
import { replyExport, type ReplyExportArgs } from '../lib/reply-export.ts'

/** What the thread knows; the panel adds the view's URL and, when asked, the browser's pseudonym salt. */
export type RepliesExportPanelProps = Omit<ReplyExportArgs, 'viewUrl' | 'pseudonymSalt' | 'now'>

export function RepliesExportPanel(props: RepliesExportPanelProps) {
  const [pseudonymise, setPseudonymise] = useState(false)
  const [salt, setSalt] = useState<ProjectSalt>()
  const helpId = useId()
  const current = pseudonymise ? salt : undefined

  async function onExport(format: ExportFormat) {
    const request = await replyExport({
      ...props,
      viewUrl: window.location.href,
      ...(current ? { pseudonymSalt: current } : {}),
    })
    return exportData(format, request)
  }

  return (
    <section aria-label="Export" className="space-y-2 rounded-lg border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input
            type="checkbox"
            checked={pseudonymise}
            onChange={(e) => {
              setPseudonymise(e.target.checked)
              if (e.target.checked && !salt) setSalt(projectSalt())
            }}
            aria-describedby={helpId}
            className="accent-sky-700"
          />
          Pseudonymise authors
        </label>
        {current && (
          <span className="inline-flex items-center gap-2 text-slate-700">
            Salt of this browser, created {formatDate(current.createdAt)}
            <Button size="sm" variant="ghost" onClick={() => setSalt(resetProjectSalt())}>
              Reset pseudonym salt
            </Button>
          </span>
        )}
      </div>
      {pseudonymise && (
        <p id={helpId} className="text-xs text-slate-600">
          Names, channel ids, reply ids and the comment&apos;s id become <code>author-…</code>,{' '}
          <code>channel-…</code>, <code>reply-…</code> and <code>comment-…</code> (SHA-256 of a salt and the
          value); avatars and channel links are left out; @mentions of these authors and the ids inside the
          texts are replaced too. The salt is kept in this browser until you reset it, so the CSV, the JSON
          and later exports of this thread give each author the same pseudonym; after a reset they no longer
          match earlier files. This is not anonymisation: the texts can still be searched for on the platform,
          and names written without @ stay as written.
        </p>
      )}
      <ExportMenu
        onExport={onExport}
        disabled={props.shown.length === 0}
        count={props.shown.length}
        loaded={props.loaded}
        noun="replies"
      />
    </section>
  )
}
