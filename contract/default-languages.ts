/** Which videos' default caption language the function already knows, free: what the bulk download names files by. */
import { z } from 'zod'
import { CAPTION_MODES, LANGUAGE_CODES } from './enums.ts'
import { VideoId } from './collections.ts'

/** The most video ids one call asks about (the bulk view lists at most this many). */
const DEFAULT_LANGUAGES_MAX_IDS = 1000

export const DefaultLanguagesBody = z.strictObject({
  videoIds: z
    .array(VideoId)
    .max(DEFAULT_LANGUAGES_MAX_IDS, `at most ${DEFAULT_LANGUAGES_MAX_IDS} video ids per call`),
  /** The caption mode whose default track is meant (default: `default`). */
  mode: z.enum(CAPTION_MODES).optional(),
})
export type DefaultLanguagesBody = z.infer<typeof DefaultLanguagesBody>

/** Only the videos whose default language is known, each with a language code of the service. */
export const DefaultLanguagesAnswer = z.object({
  known: z.record(VideoId, z.enum(LANGUAGE_CODES)),
})
export type DefaultLanguagesAnswer = z.infer<typeof DefaultLanguagesAnswer>
