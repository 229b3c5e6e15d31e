import { CAPTION_MODES, type CaptionMode } from '#contract/index.ts'

/** The modes the function's message names (`mode=force-whisper`), else every mode but this one and default. */
export function fallbackModes(message: string, current: CaptionMode): CaptionMode[] {
  const named = Array.from(message.matchAll(/mode=([a-z-]+)/g), (m) => m[1]).filter((m): m is CaptionMode =>
    (CAPTION_MODES as readonly string[]).includes(m ?? ''),
  )
  const candidates = named.length > 0 ? named : CAPTION_MODES.filter((m) => m !== 'default')
  return [...new Set(candidates)].filter((m) => m !== current)
}
