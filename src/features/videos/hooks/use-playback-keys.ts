import { useEffect } from 'react'
import { SEEK_STEP_SECONDS, type TimeSource } from '../lib/time-source.ts'

const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'time',
])

/** Keys typed here belong to the control, not to playback. */
function ownsKeys(el: Element | null, key: 'space' | 'arrow'): boolean {
  if (!(el instanceof HTMLElement)) return false
  if (
    el.isContentEditable ||
    el.closest('textarea, select, [role="slider"], [role="listbox"], [role="radiogroup"]')
  )
    return true
  if (el instanceof HTMLInputElement)
    return key === 'arrow' || TEXT_INPUT_TYPES.has(el.type) || el.type === 'range'
  // Space presses a focused button or link; arrows are free there.
  return key === 'space' && !!el.closest('button, a[href], summary, [role="button"]')
}

/** Space plays/pauses and ←/→ seek ±5 s, unless focus is in a field or control that uses those keys. */
export function usePlaybackKeys(source: TimeSource, enabled = true): void {
  useEffect(() => {
    if (!enabled) return
    function onKeyDown(e: KeyboardEvent) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return
      const target = e.target instanceof Element ? e.target : document.activeElement
      if (e.key === ' ' || e.key === 'Spacebar') {
        if (ownsKeys(target, 'space')) return
        e.preventDefault()
        const s = source.getSnapshot()
        if (s.playing) source.pause()
        else source.play()
      } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        if (ownsKeys(target, 'arrow')) return
        e.preventDefault()
        const s = source.getSnapshot()
        source.seek(s.time + (e.key === 'ArrowRight' ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS))
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [source, enabled])
}
