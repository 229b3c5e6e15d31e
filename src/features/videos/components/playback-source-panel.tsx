import { useId } from 'react'
import { EmbeddedPlayer } from './embedded-player.tsx'
import type { PlayerSource } from '../lib/player-source.ts'

export type PlaybackSourcePanelProps = {
  videoId: string
  serviceMode: 'demo' | 'live' | undefined
  playerAllowed: boolean
  onPlayerAllowedChange: (on: boolean) => void
  playerOrigin: string
  playerFailure: string | undefined
  startAt: number
  fallbackDuration: number
  onPlayerSource: (source: PlayerSource | undefined) => void
  onPlayerFailure: (reason: string) => void
  usingPlayer: boolean
}

/** Says what drives the transcript; in live mode offers (and embeds) the platform's player. */
export function PlaybackSourcePanel(props: PlaybackSourcePanelProps) {
  const toggleId = useId()
  const { serviceMode, playerAllowed, playerFailure, playerOrigin } = props
  const host = new URL(playerOrigin).host
  const attempt = serviceMode === 'live' && playerAllowed && !playerFailure
  return (
    <div className="space-y-2">
      {attempt && (
        <EmbeddedPlayer
          videoId={props.videoId}
          origin={playerOrigin}
          startAt={props.startAt}
          fallbackDuration={props.fallbackDuration}
          onSource={props.onPlayerSource}
          onFailure={props.onPlayerFailure}
        />
      )}
      <p className="text-sm text-slate-700" data-testid="time-source">
        {props.usingPlayer
          ? `The embedded player (${host}) drives the transcript.`
          : serviceMode === 'demo'
            ? 'Demo data: the transcript clock plays the captions (there is no video to play).'
            : attempt
              ? `Loading the player from ${host}… until then the transcript clock plays the captions.`
              : 'The transcript clock plays the captions.'}
        {playerFailure && serviceMode === 'live' && ` ${playerFailure} The transcript clock is used instead.`}
      </p>
      {serviceMode === 'live' && (
        <label htmlFor={toggleId} className="flex items-center gap-2 text-sm">
          <input
            id={toggleId}
            type="checkbox"
            checked={playerAllowed}
            onChange={(e) => props.onPlayerAllowedChange(e.target.checked)}
          />
          Use the platform's embedded player (privacy-enhanced, {host})
        </label>
      )}
    </div>
  )
}
