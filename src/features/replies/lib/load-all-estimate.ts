/** What "load all" will cost, said before it starts, from what is known (docs/decisions/0061-replies-paging-and-format.md). */
import { formatUsd } from '#contract/index.ts'

export type LoadState = {
  pagesLoaded: number
  repliesLoaded: number
  hasNextPage: boolean
  pricePerPageUsd: number
  /** Replies per page the service has been giving (100 in the demo); the first page tells. */
  pageSize: number
}

export type LoadAllEstimate = {
  /** For the button: the price of the next page, an estimate (`~`) because the total is unknown. */
  nextPageUsd: number
  /** One sentence a researcher reads before pressing. */
  summary: string
}

/**
 * The service does not say how many replies a comment has, so the total number of pages is unknown until
 * the last page arrives. What is known: each further page costs the list price and holds up to `pageSize`.
 */
export function estimateLoadAll(s: LoadState): LoadAllEstimate {
  const per = formatUsd(s.pricePerPageUsd)
  if (!s.hasNextPage)
    return { nextPageUsd: 0, summary: `All ${s.repliesLoaded} replies are loaded; nothing more to pay.` }
  if (s.pagesLoaded === 0)
    return {
      nextPageUsd: s.pricePerPageUsd,
      summary: `~${per} per page of ${s.pageSize}; the number of pages is not known in advance.`,
    }
  return {
    nextPageUsd: s.pricePerPageUsd,
    summary:
      `${s.repliesLoaded} replies in ${s.pagesLoaded} page${s.pagesLoaded === 1 ? '' : 's'} so far; at least one more page. ` +
      `~${per} per further page of up to ${s.pageSize} (so ~${formatUsd(s.pricePerPageUsd * 10)} for every 1,000 more replies); pages the dashboard has cached are free.`,
  }
}

/** A progress bar for an unknown total: the known part of it, with one more page expected while there is one. */
export function loadProgress(s: Pick<LoadState, 'repliesLoaded' | 'hasNextPage' | 'pageSize'>): {
  value: number
  max: number
  text: string
} {
  const max = s.repliesLoaded + (s.hasNextPage ? s.pageSize : 0)
  return {
    value: s.repliesLoaded,
    max: Math.max(max, 1),
    text: s.hasNextPage
      ? `${s.repliesLoaded} replies loaded, more to come`
      : `All ${s.repliesLoaded} replies loaded`,
  }
}
