import { useCallback, useEffect, useRef, useState } from 'react'
import type { PlayerSource } from '../lib/player-source.ts'
import type { TimeSource } from '../lib/time-source.ts'
import { createTranscriptClock } from '../lib/transcript-clock.ts'
import { usePlayerPreference } from './use-player-preference.ts'

/**
 * What plays the transcript: the page's own clock, or the embedded player once it is allowed and ready.
 * `t` is the moment in the URL; `duration` the track's length, which the clock runs to.
 */
export function useStudioPlayback(t: number | undefined, duration: number) {
  const [clock] = useState(() => createTranscriptClock({ duration: 0, start: t ?? 0 }))
  const [playerAllowed, setPlayerAllowed] = usePlayerPreference()
  const [playerSource, setPlayerSource] = useState<PlayerSource>()
  const [playerFailure, setPlayerFailure] = useState<string>()
  const playerRef = useRef<PlayerSource | undefined>(undefined)
  const source: TimeSource = playerSource ?? clock

  useEffect(() => () => clock.dispose(), [clock])
  useEffect(() => {
    if (duration > 0) clock.setDuration(duration)
  }, [clock, duration])

  // A t= that arrives later (another moment link opened on this page) moves playback there.
  const appliedT = useRef(t)
  useEffect(() => {
    if (t !== undefined && t !== appliedT.current) source.seek(t)
    appliedT.current = t
  }, [t, source])

  const onPlayerSource = useCallback(
    (next: PlayerSource | undefined) => {
      // Handing back to the clock keeps the moment the player was at.
      if (!next && playerRef.current) clock.seek(playerRef.current.getSnapshot().time)
      if (next) {
        clock.pause()
        next.seek(clock.getSnapshot().time)
      }
      playerRef.current = next
      setPlayerSource(next)
    },
    [clock],
  )

  function onPlayerAllowedChange(on: boolean) {
    setPlayerAllowed(on)
    setPlayerFailure(undefined)
  }

  return {
    clock,
    source,
    usingPlayer: !!playerSource,
    playerAllowed,
    onPlayerAllowedChange,
    playerFailure,
    onPlayerFailure: setPlayerFailure,
    onPlayerSource,
  }
}
