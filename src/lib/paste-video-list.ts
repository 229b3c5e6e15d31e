/** A pasted list of video links and ids → the video ids it names, what could not be read and why, duplicates merged. */
import { parsePaste, type PasteTarget } from '#contract/index.ts'

export type RejectedToken = { token: string; reason: string }

export type PastedVideoList = {
  /** New ids in the order first pasted, none already listed. */
  videoIds: string[]
  rejected: RejectedToken[]
  /** Ids pasted more than once, or already in the list: merged, not repeated. */
  duplicates: number
}

/** Links never contain white space or commas, so any of these separates entries (lines, CSV cells, prose). */
const SEPARATORS = /[\s,;]+/

const NOT_A_VIDEO: Record<Exclude<PasteTarget['kind'], 'video'>, string> = {
  channel: 'is a channel, not a video',
  comment: 'is a comment without its video id',
  location: 'is a place, not a video',
}

function videoIdOf(target: PasteTarget): string | undefined {
  if (target.kind === 'video') return target.videoId
  // A comment permalink names its video in v=: the researcher means that video's captions.
  if (target.kind === 'comment') return target.videoId
  return undefined
}

export function parseVideoList(text: string, alreadyListed: readonly string[] = []): PastedVideoList {
  const known = new Set(alreadyListed)
  const videoIds: string[] = []
  const rejected: RejectedToken[] = []
  let duplicates = 0
  for (const token of text.split(SEPARATORS).filter(Boolean)) {
    const parsed = parsePaste(token)
    if (!parsed.ok) {
      rejected.push({ token, reason: parsed.reason })
      continue
    }
    const videoId = videoIdOf(parsed.target)
    if (!videoId) {
      rejected.push({
        token,
        reason: `"${token.slice(0, 80)}" ${NOT_A_VIDEO[parsed.target.kind as keyof typeof NOT_A_VIDEO]}.`,
      })
      continue
    }
    if (known.has(videoId)) {
      duplicates++
      continue
    }
    known.add(videoId)
    videoIds.push(videoId)
  }
  return { videoIds, rejected, duplicates }
}
