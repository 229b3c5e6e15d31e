/** GET /popularVideos: the most viewed videos first (spec 4.6); optional regionCode narrows to one region. */
import { getDataset } from '../data/dataset.ts'
import { invalid } from '../errors.ts'
import { popularVideo } from '../wire.ts'
import { pageOf, param, type SimContext } from './query.ts'

export const POPULAR_PAGE_SIZE = 50

/** `hl` is accepted and ignored: video titles have no translations here (docs/decisions/0032-popular-videos-params.md). */
export function popularVideos(c: SimContext): Response {
  const region = param(c, 'regionCode')
  if (region !== undefined && !/^[A-Za-z]{2}$/.test(region))
    throw invalid(`regionCode "${region}" is not a two-letter region code, e.g. GB.`)
  const regionCode = region?.toUpperCase()
  const all = getDataset().popular.filter((v) => !regionCode || v.place.regionCode === regionCode)
  const { page, nextPageToken } = pageOf(
    all,
    `popular|${regionCode ?? ''}`,
    param(c, 'pageToken'),
    POPULAR_PAGE_SIZE,
  )
  return c.json({
    totalResults: all.length,
    resultsPerPage: page.length,
    ...(nextPageToken ? { nextPageToken } : {}),
    data: page.map((v) => popularVideo(v, c.get('baseUrl'))),
  })
}
