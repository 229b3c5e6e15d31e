/** Coding in the caption studio: the cue selection, the codebook and this video's codings, marks, and applying codes. */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { errorMessage } from '#lib/api-client.ts'
import { useCoderName } from '#lib/coding/coder-name.ts'
import { marginMarks, scrubberMarks } from '#lib/coding/coding-marks.ts'
import {
  clickSelect,
  codeNumberOfKey,
  selectionSeconds,
  selectionSize,
  type CueSelection,
} from '#lib/coding/cue-selection.ts'
import { useCodebook, useCodingChanges, useCodings } from '#lib/coding/use-coding.ts'
import type { Cue } from '../lib/cues.ts'

export type StudioCodingTarget = { collectionId: string; videoId: string }

/** Digits typed here are text, not a code to apply. */
function typesText(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false
  if (el.isContentEditable || el.closest('textarea, select')) return true
  return (
    el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'range'].includes(el.type)
  )
}

/** `target` undefined: the studio is not coding, nothing is asked and no key is taken. */
export function useStudioCoding(
  target: StudioCodingTarget | undefined,
  cues: readonly Cue[],
  duration: number,
) {
  const collectionId = target?.collectionId
  const videoId = target?.videoId ?? ''
  const codebook = useCodebook(collectionId)
  const codings = useCodings(collectionId, { videoId })
  const changes = useCodingChanges(collectionId ?? '')
  const [coder, setCoder] = useCoderName()
  const [selection, setSelection] = useState<CueSelection>()
  const [status, setStatus] = useState<{ text: string; error?: boolean }>()

  const list = codings.data
  const scrubber = useMemo(
    () => scrubberMarks(list ?? [], codebook.byId, videoId, duration),
    [list, codebook.byId, videoId, duration],
  )
  const margin = useMemo(
    () => marginMarks(cues, list ?? [], codebook.byId, videoId),
    [cues, list, codebook.byId, videoId],
  )

  const select = useCallback(
    (index: number, shift: boolean) => setSelection((s) => clickSelect(s, index, shift)),
    [],
  )

  const apply = useCallback(
    (codeIds: readonly string[], memo = '') => {
      if (!selection || codeIds.length === 0) return
      if (!coder) {
        setStatus({ text: 'Set your coder name first: each coding records who made it.', error: true })
        return
      }
      const { start, end } = selectionSeconds(cues, selection)
      const names = codeIds.map((id) => codebook.byId.get(id)?.name ?? id).join(', ')
      const n = selectionSize(selection)
      changes.apply.mutate(
        { codeIds: [...codeIds], segment: { kind: 'cues', videoId, start, end }, memo, coder },
        {
          onSuccess: () => {
            setStatus({ text: `Coded ${n} ${n === 1 ? 'cue' : 'cues'} as ${names}.` })
            setSelection(undefined)
          },
          onError: (e) => setStatus({ text: `Not coded: ${errorMessage(e)}`, error: true }),
        },
      )
    },
    [selection, coder, cues, codebook.byId, changes.apply, videoId],
  )

  // A code's number applies it while cues are selected; otherwise digits do nothing here (no studio key uses them).
  const applyRef = useRef(apply)
  useEffect(() => {
    applyRef.current = apply
  })
  const ordered = codebook.ordered
  const hasSelection = !!selection
  useEffect(() => {
    if (!hasSelection) return
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typesText(e.target)) return
      if (e.key === 'Escape') {
        setSelection(undefined)
        return
      }
      const n = codeNumberOfKey(e.key)
      const code = n === undefined ? undefined : ordered.find((o) => o.shortcut === n)?.code
      if (!code) return
      e.preventDefault()
      applyRef.current([code.id])
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [hasSelection, ordered])

  return {
    codebook,
    codings,
    changes,
    coder,
    setCoder,
    selection,
    setSelection,
    select,
    apply,
    status,
    scrubber,
    margin,
  }
}

export type StudioCoding = ReturnType<typeof useStudioCoding>
