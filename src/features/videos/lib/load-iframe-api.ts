/** Loads the platform's iframe player API once; rejects when the browser cannot reach it in time. */
import type { EmbeddedPlayer } from './player-source.ts'

type PlayerEventHandlers = {
  onReady?: (e: { target: EmbeddedPlayer }) => void
  onStateChange?: (e: { data: number; target: EmbeddedPlayer }) => void
  onPlaybackRateChange?: (e: { data: number; target: EmbeddedPlayer }) => void
  onError?: (e: { data: number }) => void
}

export type IframeApi = {
  Player: new (
    element: HTMLElement,
    options: {
      videoId: string
      host?: string
      width?: string | number
      height?: string | number
      playerVars?: Record<string, string | number>
      events?: PlayerEventHandlers
    },
  ) => EmbeddedPlayer & { destroy(): void }
}

declare global {
  interface Window {
    YT?: IframeApi & { loaded?: number }
    onYouTubeIframeAPIReady?: () => void
  }
}

/** The privacy-enhanced embed domain, unless VITE_PLAYER_ORIGIN says otherwise. */
export const DEFAULT_PLAYER_ORIGIN = 'https://www.youtube-nocookie.com'

export function playerOrigin(configured: string | undefined = import.meta.env.VITE_PLAYER_ORIGIN): string {
  const raw = configured?.trim()
  if (!raw) return DEFAULT_PLAYER_ORIGIN
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : DEFAULT_PLAYER_ORIGIN
  } catch {
    return DEFAULT_PLAYER_ORIGIN
  }
}

let pending: Promise<IframeApi> | undefined

export function loadIframeApi(origin: string, timeoutMs = 8000): Promise<IframeApi> {
  if (window.YT?.Player) return Promise.resolve(window.YT)
  pending ??= new Promise<IframeApi>((resolve, reject) => {
    const script = document.createElement('script')
    const fail = (why: string) => {
      pending = undefined
      script.remove()
      reject(new Error(why))
    }
    const timer = window.setTimeout(
      () => fail(`The player at ${origin} did not load within ${timeoutMs / 1000} s.`),
      timeoutMs,
    )
    const previous = window.onYouTubeIframeAPIReady
    window.onYouTubeIframeAPIReady = () => {
      previous?.()
      window.clearTimeout(timer)
      if (window.YT?.Player) resolve(window.YT)
      else fail('The player script loaded but did not provide a player.')
    }
    script.src = `${origin}/iframe_api`
    script.async = true
    script.onerror = () => {
      window.clearTimeout(timer)
      fail(`The player at ${origin} could not be reached.`)
    }
    document.head.append(script)
  })
  return pending
}
