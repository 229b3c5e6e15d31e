import { useId, useState } from 'react'
import { Button } from '#components/ui/button.tsx'
import { formatClock } from '#lib/format.ts'
import { momentUrl } from '../lib/studio-url.ts'
import type { TimeSource } from '../lib/time-source.ts'

type CopyState =
  { kind: 'idle' } | { kind: 'copied'; url: string; at: number } | { kind: 'manual'; url: string }

/** Copies this page's URL with `t=` at the current moment; shows the link to copy by hand when the clipboard refuses. */
export function CopyMomentLink({ source }: { source: TimeSource }) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' })
  const fieldId = useId()

  async function copy() {
    const t = source.getSnapshot().time
    const url = momentUrl(window.location.href, t)
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard')
      await navigator.clipboard.writeText(url)
      setState({ kind: 'copied', url, at: t })
    } catch {
      setState({ kind: 'manual', url })
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => void copy()}>
        Copy link to this moment
      </Button>
      <span role="status" className="text-sm text-emerald-800">
        {state.kind === 'copied' && `Link to ${formatClock(state.at)} copied.`}
      </span>
      {state.kind === 'manual' && (
        <span className="flex items-center gap-2 text-sm">
          <label htmlFor={fieldId}>The clipboard is not available; copy this link:</label>
          <input
            id={fieldId}
            readOnly
            value={state.url}
            onFocus={(e) => e.currentTarget.select()}
            ref={(el) => el?.select()}
            className="w-80 rounded border border-slate-300 px-2 py-1 font-mono text-xs"
          />
        </span>
      )}
    </div>
  )
}
