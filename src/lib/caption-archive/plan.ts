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
import { isConvertible, type ConvertibleFormat, type FileSource } from '#lib/captions/convertible.ts'

/** Explicit language codes, or `'default'`: each video's own default caption language. */
export type LanguageChoice = 'default' | readonly LanguageCode[]

export type BulkSelection = {
  videoIds: readonly string[]
  formats: readonly CaptionFormat[]
  languages: LanguageChoice
  mode: CaptionMode
  /**
   * `converted`: buy only the JSON track of each video and language and write the convertible formats from it here;
   * formats that cannot be converted are still bought exact. `exact` (the default): every file is the service's own.
   */
  files?: FileSource
  /**
   * Exact files in each video's default language, JSON not chosen: `by-language` buys one JSON track per video to
   * learn the language for the file names; `default-track` (the default) buys nothing more and names them
   * `<id>.default.<ext>`.
   */
  naming?: FileNaming
  /** Videos whose default caption language is already known (a JSON track the browser holds): never bought again. */
  knownLanguages?: Readonly<Record<string, LanguageCode>>
}

export type FileNaming = 'by-language' | 'default-track'

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
  /** Its own bytes are saved as a file in the ZIP; false for a JSON track bought only to learn a language or to convert. */
  save: boolean
  /** Formats written here from this JSON job's items, each as a file of its own (a converted run only). */
  converts: readonly ConvertibleFormat[]
  /** `lang` is the video's default language, known before the run (not asked for as a language of its own). */
  langKnown?: true
  /** Asked in the default language with no lookup: the file is named `<id>.default.<ext>`. */
  defaultTrack?: true
}

export type BulkPlan = {
  jobs: BulkJob[]
  /** HTTP requests at most (one per job; retries of transient failures are not charged twice by a cache miss). */
  requests: number
  /** Requests × the list price of GET /captions/{videoId}; cached answers are free, so this is an upper bound. */
  priceUsd: number
  /** Files the ZIP will hold if every request succeeds (converted ones included). */
  files: number
  /** Files written here from a bought JSON track (no request of their own). */
  converted: number
  /** Lookups made only to learn a default language (JSON not chosen as a format, nothing converted from it). */
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
 * asked in the language the lookup found (docs/decisions/0076-bulk-default-language.md). A converted run asks only
 * for the JSON track of each video and language (it is the lookup too) and for the formats that cannot be converted
 * (docs/decisions/0134-bulk-priced-both-ways.md).
 */
export function planJobs(selection: BulkSelection): BulkJob[] {
  const videoIds = unique(selection.videoIds)
  const formats = inOrder(CAPTION_FORMATS, selection.formats)
  const { mode } = selection
  if (formats.length === 0) return []
  const converting = selection.files === 'converted'
  const converts = converting
    ? formats.filter((f): f is ConvertibleFormat => f !== 'json' && isConvertible(f))
    : []
  const savesJson = formats.includes('json')
  // The formats bought as files of their own, apart from the JSON track.
  const bought = formats.filter((f) => f !== 'json' && !(converts as readonly string[]).includes(f))
  const job = (videoId: string, lang: LanguageCode | undefined, format: CaptionFormat): BulkJob => ({
    key: `${videoId}/${lang ?? 'default'}/${format}`,
    videoId,
    format,
    mode,
    lang,
    lookup: false,
    save: true,
    converts: [],
  })
  if (selection.languages === 'default') {
    const known = selection.knownLanguages ?? {}
    const needsLookup = savesJson || converts.length > 0 || selection.naming !== 'default-track'
    const unknown = videoIds.filter((id) => known[id] === undefined)
    const lookups: BulkJob[] = needsLookup
      ? unknown.map((videoId) => ({
          ...job(videoId, undefined, 'json'),
          key:
            savesJson || converts.length > 0 ? `${videoId}/default/json` : `${videoId}/default/json/lookup`,
          lookup: true,
          save: savesJson,
          converts,
        }))
      : []
    const others = videoIds.flatMap((videoId) => {
      const lang = known[videoId]
      if (lang !== undefined) {
        const jsonJob = savesJson || converts.length > 0
        return [
          ...(jsonJob
            ? [{ ...job(videoId, lang, 'json'), save: savesJson, converts, langKnown: true as const }]
            : []),
          ...bought.map((format) => ({ ...job(videoId, lang, format), langKnown: true as const })),
        ]
      }
      return bought.map((format) =>
        needsLookup
          ? job(videoId, undefined, format)
          : { ...job(videoId, undefined, format), defaultTrack: true as const },
      )
    })
    return [...lookups, ...others]
  }
  const langs = inOrder(LANGUAGE_CODES, selection.languages)
  const jsonJob = savesJson || converts.length > 0
  return videoIds.flatMap((videoId) =>
    langs.flatMap((lang) => [
      ...(jsonJob ? [{ ...job(videoId, lang, 'json'), save: savesJson, converts }] : []),
      ...bought.map((format) => job(videoId, lang, format)),
    ]),
  )
}

export function planBulk(selection: BulkSelection): BulkPlan {
  const jobs = planJobs(selection)
  return {
    jobs,
    requests: jobs.length,
    priceUsd: addUsd(...jobs.map(() => CAPTION_REQUEST_PRICE_USD)),
    files: jobs.reduce((n, j) => n + (j.save ? 1 : 0) + j.converts.length, 0),
    converted: jobs.reduce((n, j) => n + j.converts.length, 0),
    lookupsOnly: jobs.filter((j) => !j.save && j.converts.length === 0).length,
  }
}

/** The exact /api URL of a job; `lang` is the resolved default language for a non-lookup job of a 'default' plan. */
export function jobUrl(job: BulkJob, lang: string | undefined = job.lang): string {
  return captionTrackUrl({ videoId: job.videoId, format: job.format, lang, mode: job.mode })
}

export type BothWays = {
  exact: BulkPlan
  converted: BulkPlan
  /** Chosen formats a converted run writes here from the JSON track. */
  convertible: CaptionFormat[]
  /** Chosen formats that are bought exact whichever way (xml, srv1/2/3, json3). */
  exactOnly: CaptionFormat[]
}

/** The same selection planned both ways, so the researcher sees both prices before choosing. */
export function planBothWays(selection: BulkSelection): BothWays {
  const formats = inOrder(CAPTION_FORMATS, selection.formats)
  return {
    exact: planBulk({ ...selection, files: 'exact' }),
    converted: planBulk({ ...selection, files: 'converted' }),
    convertible: formats.filter(isConvertible),
    exactOnly: formats.filter((f) => !isConvertible(f)),
  }
}
