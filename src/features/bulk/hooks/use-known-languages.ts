/** Each selected video's default caption language known for free: from the browser's cache, then the server's. */
import { useMemo } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { CaptionMode, LanguageCode } from '#contract/index.ts'
import { knownDefaultLanguages } from '#lib/captions/known-default-language.ts'
import { serverDefaultLanguagesQuery } from '#lib/captions/server-default-languages.ts'

/**
 * `asked`: whether exact files go by each default language (only then does knowing a language change the price).
 * `checking`: the server's answer is still coming, so the price may still drop; a failed answer leaves the browser's.
 */
export function useKnownLanguages(videoIds: readonly string[], mode: CaptionMode, asked: boolean) {
  const queryClient = useQueryClient()
  const enabled = asked && videoIds.length > 0
  const server = useQuery({ ...serverDefaultLanguagesQuery(videoIds, mode), enabled })
  const known = useMemo(
    (): Record<string, LanguageCode> => ({
      ...server.data,
      ...knownDefaultLanguages(queryClient, videoIds, mode),
    }),
    [server.data, queryClient, videoIds, mode],
  )
  return { known, checking: enabled && server.isPending }
}
