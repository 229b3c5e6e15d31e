import { useState } from 'react'
import { Button } from '#components/ui/button.tsx'
import type { LatLng } from '../lib/search-draft.ts'

/** Why the browser gave no position, in words a researcher can act on. */
function geolocationMessage(code: number | 'unsupported'): string {
  if (code === 'unsupported')
    return 'This browser cannot share its location. Click the map or type the coordinates instead.'
  if (code === 1)
    return "Location access was denied. Allow it in the browser's site settings, or click the map instead."
  if (code === 3)
    return 'The browser took too long to find your location. Try again, or click the map instead.'
  return 'Your location is not available right now. Click the map or type the coordinates instead.'
}

export function UseMyLocation({ onPoint }: { onPoint: (p: LatLng) => void }) {
  const [state, setState] = useState<{ locating: boolean; message?: string }>({ locating: false })

  function locate() {
    const geo = typeof navigator !== 'undefined' ? navigator.geolocation : undefined
    if (!geo) {
      setState({ locating: false, message: geolocationMessage('unsupported') })
      return
    }
    setState({ locating: true })
    geo.getCurrentPosition(
      (pos) => {
        setState({ locating: false })
        onPoint({ lat: pos.coords.latitude, lng: pos.coords.longitude })
      },
      (err) => setState({ locating: false, message: geolocationMessage(err.code) }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    )
  }

  return (
    <div>
      <Button size="sm" onClick={locate} disabled={state.locating}>
        {state.locating ? 'Locating…' : 'Use my location'}
      </Button>
      {state.message && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {state.message}
        </p>
      )}
    </div>
  )
}
