/** What the dashboard's server already knows of videos' default caption languages: a free question, never paid. */
import { queryOptions } from '@tanstack/react-query'
import { DefaultLanguagesAnswer, type CaptionMode, type LanguageCode } from '#contract/index.ts'
import { paidFetch } from '../paid-fetch.ts'

export const serverDefaultLanguagesQuery = (videoIds: readonly string[], mode: CaptionMode) =>
  queryOptions({
    queryKey: ['captions', 'default-languages', mode, videoIds] as const,
    queryFn: async ({ signal }): Promise<Record<string, LanguageCode>> => {
      const init = {
        method: 'POST',
        body: JSON.stringify({ videoIds, mode }),
        headers: { 'Content-Type': 'application/json' },
        signal,
      }
      const answer = await paidFetch(
        '/api/caption-default-languages',
        { as: 'json', schema: DefaultLanguagesAnswer },
        init,
      )
      return answer.data.known
    },
  })
