/** `json`: the service's bare array of caption items (spec 2.4); `text` keeps the platform's escaping. */
import { captionItem } from '../word-stats.ts'
import type { CaptionWriter } from './writer.ts'

export const writeJson: CaptionWriter = (cues) => JSON.stringify(cues.map(captionItem))
