/** How the coding exports write times and links to a moment of a video. */
import { clockStamp, toMs } from '#contract/caption-writers/index.ts'
import { watchUrl } from './coding-project.ts'

export { toMs }

/** `00:01:23.400`: the caption writers' clock, hours always two digits. */
export const hms = (ms: number): string => clockStamp(ms)

/** `83.400`: seconds with milliseconds, what ELAN's tab-delimited import reads as `ss.msec`. */
export const secondsMs = (ms: number): string => (Math.max(0, Math.round(ms)) / 1000).toFixed(3)

/** The platform's watch URL at a moment, whole seconds (`&t=83`), as its own timestamp links write it. */
export const momentUrl = (videoId: string, seconds: number): string =>
  `${watchUrl(videoId)}&t=${Math.floor(Math.max(0, seconds))}`

/** A comment's permalink: the watch URL with `lc` (service-facts.md). */
export const commentUrl = (videoId: string, commentId: string): string =>
  `${watchUrl(videoId)}&lc=${encodeURIComponent(commentId)}`

/** Epoch milliseconds → ISO 8601 in UTC, as xsd:dateTime and every time in the provenance. */
export const isoTime = (ms: number): string => new Date(ms).toISOString()
