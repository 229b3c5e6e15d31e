import { useId, useMemo, useState } from 'react'
import { useLocation } from 'react-router'
import { MAX_PARALLEL, MAX_VIDEOS, selectedIds, type BulkState } from './lib/bulk-search.ts'
import { planBothWays, planBulk, type BulkSelection, type FileNaming } from '#lib/caption-archive/plan.ts'
import { canStreamToFile, type SaveMethod } from '#lib/caption-archive/save-zip.ts'
import { useBulkRun } from './hooks/use-bulk-run.ts'
import { useKnownLanguages } from './hooks/use-known-languages.ts'
import { FormatPicker } from './components/format-picker.tsx'
import { LanguagePicker } from './components/language-picker.tsx'
import { ModePicker } from './components/mode-picker.tsx'
import { PasteVideoList } from './components/paste-video-list.tsx'
import { PlanSummary } from './components/plan-summary.tsx'
import { RunProgress } from './components/run-progress.tsx'
import { VideoChecklist } from './components/video-checklist.tsx'

export type BulkViewProps = {
  state: BulkState
  problems: readonly string[]
  /** Changes build on the latest state, however quickly they follow each other. */
  onStateChange: (change: (prev: BulkState) => BulkState) => void
}

function blockerOf(selection: BulkSelection, checkingLanguages: boolean): string | undefined {
  if (selection.videoIds.length === 0) return 'Select at least one video.'
  if (selection.formats.length === 0) return 'Choose at least one format.'
  if (selection.languages !== 'default' && selection.languages.length === 0)
    return 'Choose at least one language, or the default language of each video.'
  // Until the server answers, the price may still drop: nothing is started at a figure about to change.
  if (checkingLanguages) return "Checking which videos' caption languages the dashboard already knows (free)…"
  return undefined
}

/** `/bulk`: captions of many videos in chosen formats and languages, as one streamed ZIP with a manifest and a report. */
export function BulkView({ state, problems, onStateChange }: BulkViewProps) {
  const parallelId = useId()
  const canStream = useMemo(() => canStreamToFile(), [])
  const [method, setMethod] = useState<SaveMethod>(canStream ? 'file' : 'download')
  const { state: run, start, stop } = useBulkRun()
  const location = useLocation()
  const busy = run.phase === 'running'

  // Nothing is bought only to name files unless the researcher asks for it (the priced choice below).
  const [naming, setNaming] = useState<FileNaming>('default-track')
  const videoIds = useMemo(() => selectedIds(state), [state])
  const namesByDefault = state.files === 'exact' && state.languages === 'default'
  const { known, checking } = useKnownLanguages(videoIds, state.mode, namesByDefault)
  const selection: BulkSelection = useMemo(
    () => ({
      videoIds,
      formats: state.formats,
      languages: state.languages,
      mode: state.mode,
      files: state.files,
      naming,
      knownLanguages: known,
    }),
    [state, videoIds, naming, known],
  )
  const both = useMemo(() => planBothWays(selection), [selection])
  const plan = both[state.files]
  const lookupsToName = useMemo(
    () => planBulk({ ...selection, naming: 'by-language' }).lookupsOnly,
    [selection],
  )
  const counts = {
    formats: selection.formats.length,
    videos: selection.videoIds.length,
    languages: selection.languages === 'default' ? ('default' as const) : selection.languages.length,
  }
  const blocker = blockerOf(selection, checking)
  const set = (patch: Partial<BulkState>) => onStateChange((prev) => ({ ...prev, ...patch }))

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">Bulk caption download</h1>
        <p className="text-slate-700">
          Captions of many videos at once, in the formats and languages you choose, as one ZIP: a folder per
          video, a manifest of where every file came from, and a report of what was not available and why.
        </p>
      </header>

      {problems.length > 0 && (
        <div role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">Some of the address was not understood:</p>
          <ul className="list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}

      <section
        aria-labelledby="bulk-videos"
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="bulk-videos" className="text-lg font-semibold">
          1. Videos
        </h2>
        <PasteVideoList
          listed={state.ids}
          room={MAX_VIDEOS - state.ids.length}
          disabled={busy}
          onAdd={(ids) =>
            onStateChange((prev) => ({
              ...prev,
              ids: [...new Set([...prev.ids, ...ids])].slice(0, MAX_VIDEOS),
            }))
          }
        />
        <VideoChecklist
          ids={state.ids}
          excluded={state.excluded}
          disabled={busy}
          onExcludedChange={(excluded) => set({ excluded })}
          onClear={() => set({ ids: [], excluded: [] })}
        />
      </section>

      <section aria-labelledby="bulk-what" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="bulk-what" className="mb-3 text-lg font-semibold">
          2. What to download
        </h2>
        <fieldset disabled={busy} className="grid gap-6 lg:grid-cols-2">
          <FormatPicker value={state.formats} onChange={(formats) => set({ formats })} />
          <div className="space-y-6">
            <LanguagePicker value={state.languages} onChange={(languages) => set({ languages })} />
            <ModePicker value={state.mode} onChange={(mode) => set({ mode })} />
            <div className="space-y-1">
              <label htmlFor={parallelId} className="font-medium">
                Parallel requests
              </label>
              <input
                id={parallelId}
                type="number"
                min={1}
                max={MAX_PARALLEL}
                value={state.parallel}
                onChange={(e) => {
                  const n = Number(e.target.value)
                  if (Number.isInteger(n) && n >= 1 && n <= MAX_PARALLEL) set({ parallel: n })
                }}
                className="ml-2 w-16 rounded border border-slate-300 px-2 py-1"
              />
              <p className="text-sm text-slate-600">
                1 to {MAX_PARALLEL} at once. A rate limit is waited out and a request that never reached the
                service is tried again (up to 3 times); a charged failure is reported, never retried.
              </p>
            </div>
          </div>
        </fieldset>
      </section>

      <section
        aria-labelledby="bulk-price"
        className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      >
        <h2 id="bulk-price" className="text-lg font-semibold">
          3. Price and download
        </h2>
        <PlanSummary
          plan={plan}
          both={both}
          counts={counts}
          files={state.files}
          onFilesChange={(files) => set({ files })}
          naming={
            lookupsToName > 0 ? { value: naming, lookups: lookupsToName, onChange: setNaming } : undefined
          }
          blocker={blocker}
          method={method}
          canStream={canStream}
          busy={busy}
          onMethodChange={setMethod}
          onStart={() =>
            void start({
              plan,
              selection,
              concurrency: state.parallel,
              method,
              viewUrl: new URL(`${location.pathname}${location.search}`, window.location.origin).href,
            })
          }
        />
        <RunProgress state={run} onStop={stop} />
      </section>
    </div>
  )
}
