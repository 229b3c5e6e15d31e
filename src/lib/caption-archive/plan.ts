/** The requests a bulk download will make, one per (video, language, format), and what they cost at list price. */
import {
  CAPTION_FORMATS,
  LANGUAGE_CODES,
  addUsd,
  priceOf,
  type CaptionFormat,
  type CaptionMode,
  type LanguageCode,
} from '#contract/index.ts'
import { captionTrackUrl } from '#lib/captions/caption-request.ts'

/** Explicit language codes, or `'default'`: each video's own default caption language. */
export type LanguageChoice = 'default' | readonly LanguageCode[]

export type BulkSelection = {
  videoIds: readonly string[]
  formats: readonly CaptionFormat[]
  languages: LanguageChoice
  mode: CaptionMode
}

export type BulkJob = {
  /** Unique within a plan: `<videoId>/<lang or "default">/<format>` (plus `/lookup` for a lookup that is not saved). */
  key: string
  videoId: string
  format: CaptionFormat
  mode: CaptionMode
  /** The language asked for; undefined = the video's default, learnt from its lookup job. */
  lang: LanguageCode | undefined
  /** Its JSON items name the video's default language for the video's other jobs (languages = 'default' only). */
  lookup: boolean
  /** Saved as a file in the ZIP; false only for a lookup the researcher did not ask for as a file. */
  save: boolean
}

export type BulkPlan = {
  jobs: BulkJob[]
  /** HTTP requests at most (one per job; retries of transient failures are not charged twice by a cache miss). */
  requests: number
  /** Requests × the list price of GET /captions/{videoId}; cached answers are free, so this is an upper bound. */
  priceUsd: number
  /** Files the ZIP will hold if every request succeeds. */
  files: number
  /** Lookups made only to learn a default language (JSON not chosen as a format). */
  lookupsOnly: number
}

export const CAPTION_REQUEST_PRICE_USD = priceOf('GET /captions/{videoId}')

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)]

/** Keeps the canonical order of formats and languages whatever order they were ticked in, so plans are stable. */
function inOrder<T extends string>(all: readonly T[], chosen: readonly T[]): T[] {
  const set = new Set(chosen)
  return all.filter((x) => set.has(x))
}

/**
 * Every request once. With explicit languages: video × language × format. With `'default'`: one JSON lookup
 * per video first (all lookups lead the plan, so the others rarely wait), then the other formats of each video,
 * asked in the language the lookup found (docs/decisions/0076-bulk-default-language.md).
 */
export function planJobs(selection: BulkSelection): BulkJob[] {
  const videoIds = unique(selection.videoIds)
  const formats = inOrder(CAPTION_FORMATS, selection.formats)
  const { mode } = selection
  if (formats.length === 0) return []
  if (selection.languages === 'default') {
    const savesJson = formats.includes('json')
    const lookups: BulkJob[] = videoIds.map((videoId) => ({
      key: savesJson ? `${videoId}/default/json` : `${videoId}/default/json/lookup`,
      videoId,
      format: 'json',
      mode,
      lang: undefined,
      lookup: true,
      save: savesJson,
    }))
    const others: BulkJob[] = videoIds.flatMap((videoId) =>
      formats
        .filter((f) => f !== 'json')
        .map((format) => ({
          key: `${videoId}/default/${format}`,
          videoId,
          format,
          mode,
          lang: undefined,
          lookup: false,
          save: true,
        })),
    )
    return [...lookups, ...others]
  }
  const langs = inOrder(LANGUAGE_CODES, selection.languages)
  return videoIds.flatMap((videoId) =>
    langs.flatMap((lang) =>
      formats.map((format) => ({
        key: `${videoId}/${lang}/${format}`,
        videoId,
        format,
        mode,
        lang,
        lookup: false,
        save: true,
      })),
    ),
  )
}

export function planBulk(selection: BulkSelection): BulkPlan {
  const jobs = planJobs(selection)
  return {
    jobs,
    requests: jobs.length,
    priceUsd: addUsd(...jobs.map(() => CAPTION_REQUEST_PRICE_USD)),
    files: jobs.filter((j) => j.save).length,
    lookupsOnly: jobs.filter((j) => !j.save).length,
  }
}

/** The exact /api URL of a job; `lang` is the resolved default language for a non-lookup job of a 'default' plan. */
export function jobUrl(job: BulkJob, lang: string | undefined = job.lang): string {
  return captionTrackUrl({ videoId: job.videoId, format: job.format, lang, mode: job.mode })
}
