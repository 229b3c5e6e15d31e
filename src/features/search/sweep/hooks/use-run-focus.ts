import { useEffect, useRef } from 'react'

/** Run turns into Stop and back: focus follows the button, or (when nothing is left to run) the progress. */
export function useRunFocus(running: boolean) {
  const controls = useRef<HTMLDivElement>(null)
  const wasRunning = useRef(false)
  useEffect(() => {
    if (running === wasRunning.current) return
    wasRunning.current = running
    const button = controls.current?.querySelector<HTMLElement>('[data-run]')
    if (button) button.focus()
    else document.getElementById('sweep-progress-h')?.focus()
  }, [running])
  return controls
}
