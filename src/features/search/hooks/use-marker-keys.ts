import { useEffect, type RefObject } from 'react'
import type { Marker as LeafletMarker } from 'leaflet'

export type ArrowStep = { dx: number; dy: number; big: boolean }

const STEPS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
}

/** Arrow keys on a focused marker move it instead of panning the map (Leaflet markers have no keyboard drag). */
export function useMarkerArrowKeys(
  markerRef: RefObject<LeafletMarker | null>,
  onStep: (step: ArrowStep) => void,
): void {
  useEffect(() => {
    const el = markerRef.current?.getElement()
    if (!el) return
    const onKeyDown = (e: KeyboardEvent) => {
      const step = STEPS[e.key]
      if (!step) return
      e.preventDefault()
      e.stopPropagation()
      onStep({ dx: step[0], dy: step[1], big: e.shiftKey })
    }
    el.addEventListener('keydown', onKeyDown)
    return () => el.removeEventListener('keydown', onKeyDown)
  })
}
