import { useEffect, useRef } from 'react'
import { loadIframeApi } from '../lib/load-iframe-api.ts'
import { createPlayerSource, type PlayerSource } from '../lib/player-source.ts'

export type EmbeddedPlayerProps = {
  videoId: string
  origin: string
  startAt: number
  fallbackDuration: number
  onSource: (source: PlayerSource | undefined) => void
  onFailure: (reason: string) => void
}

/** The platform's player from its privacy-enhanced domain; hands its time source up once it is ready. */
export function EmbeddedPlayer({
  videoId,
  origin,
  startAt,
  fallbackDuration,
  onSource,
  onFailure,
}: EmbeddedPlayerProps) {
  const hostRef = useRef<HTMLDivElement>(null)
  // Only the video and origin decide whether to rebuild the player; the rest is read once.
  const initial = useRef({ startAt, fallbackDuration, onSource, onFailure })
  initial.current = { startAt, fallbackDuration, onSource, onFailure }

  useEffect(() => {
    let cancelled = false
    let destroy: (() => void) | undefined
    let source: PlayerSource | undefined
    const { startAt: start, fallbackDuration: fallback } = initial.current
    loadIframeApi(origin)
      .then((api) => {
        if (cancelled || !hostRef.current) return
        const mount = document.createElement('div')
        hostRef.current.replaceChildren(mount)
        const player = new api.Player(mount, {
          videoId,
          host: origin,
          width: '100%',
          height: '100%',
          playerVars: { start: Math.floor(start), playsinline: 1, rel: 0, origin: window.location.origin },
          events: {
            onReady: (e) => {
              if (cancelled) return
              source = createPlayerSource(e.target, { fallbackDuration: fallback })
              initial.current.onSource(source)
            },
            onStateChange: (e) => source?.handleStateChange(e.data),
            onPlaybackRateChange: (e) => source?.handleRateChange(e.data),
            onError: (e) =>
              initial.current.onFailure(`The player could not play this video (error ${e.data}).`),
          },
        })
        destroy = () => player.destroy()
      })
      .catch((e: unknown) => {
        if (!cancelled)
          initial.current.onFailure(e instanceof Error ? e.message : 'The player could not be loaded.')
      })
    return () => {
      cancelled = true
      source?.dispose()
      destroy?.()
      initial.current.onSource(undefined)
    }
  }, [videoId, origin])

  return (
    <div
      ref={hostRef}
      className="aspect-video w-full overflow-hidden rounded-lg bg-black"
      aria-label="Video player"
      role="region"
    />
  )
}
