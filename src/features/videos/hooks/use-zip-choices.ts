import { useState } from 'react'
import { CAPTION_FORMATS, type CaptionFormat, type CaptionMode, type LanguageCode } from '#contract/index.ts'
import type { FileSource } from '#lib/captions/convertible.ts'
import { jobUrl, planBulk, type BulkSelection } from '#lib/caption-archive/plan.ts'
import { useQuotesTotal } from './use-quotes.ts'

export type ZipChoicesOptions = {
  videoId: string
  /** The language of the shown track. */
  lang: string
  /** The language the view asked its track in (undefined: the video's default). */
  requestLang: string | undefined
  mode: CaptionMode
  /** Every language the file list offers, for "All languages". */
  languageCodes: readonly string[]
}

/** The ZIPs the panel offers (all formats converted or exact, all languages in one format), each priced. */
export function useZipChoices({ videoId, lang, requestLang, mode, languageCodes }: ZipChoicesOptions) {
  const [zipFormat, setZipFormat] = useState<CaptionFormat>('srt')
  // The ZIPs are bulk runs of this one video: same plan, retries, layout and manifest as the bulk view's. Asked in the
  // view's own spelling, so the JSON track in them is the one on screen (a cached answer).
  const formatsSelection = (files: FileSource): BulkSelection => ({
    videoIds: [videoId],
    formats: CAPTION_FORMATS,
    languages: requestLang === undefined ? 'default' : [requestLang as LanguageCode],
    mode,
    files,
  })
  const languagesSelection: BulkSelection = {
    videoIds: [videoId],
    formats: [zipFormat],
    languages: (languageCodes.length > 0 ? languageCodes : [lang]) as LanguageCode[],
    mode,
  }
  // Priced on the URLs the run will request.
  const convertedTotal = useQuotesTotal(planBulk(formatsSelection('converted')).jobs.map((j) => jobUrl(j)))
  const formatsTotal = useQuotesTotal(planBulk(formatsSelection('exact')).jobs.map((j) => jobUrl(j)))
  const languagesTotal = useQuotesTotal(planBulk(languagesSelection).jobs.map((j) => jobUrl(j)))
  return {
    zipFormat,
    setZipFormat,
    formatsSelection,
    languagesSelection,
    convertedTotal,
    formatsTotal,
    languagesTotal,
  }
}
