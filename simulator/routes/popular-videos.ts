/** GET /popularVideos: the most viewed videos first (spec 4.6); regionCode puts that region's channels first, hl localizes category titles. */
import { HL_CODES, type HlCode } from '#contract/index.ts'
import { categoryTitleIn } from '../data/category-titles.ts'
import { getDataset } from '../data/dataset.ts'
import type { VideoRecord } from '../data/model.ts'
import { invalid } from '../errors.ts'
import { popularVideo } from '../wire.ts'
import { enumParam, pageOf, param, type SimContext } from './query.ts'

const POPULAR_PAGE_SIZE = 50

const regionalCharts = new Map<string, readonly VideoRecord[]>()

/** A region's chart: videos of channels from that country, most viewed first, then the rest of the world's chart (docs/decisions/0032). */
function chartOf(regionCode: string | undefined): readonly VideoRecord[] {
  const data = getDataset()
  if (!regionCode) return data.popular
  let chart = regionalCharts.get(regionCode)
  if (!chart) {
    const local = (v: VideoRecord) => data.channel(v.channelId)?.country === regionCode
    chart = [...data.popular.filter(local), ...data.popular.filter((v) => !local(v))]
    regionalCharts.set(regionCode, chart)
  }
  return chart
}

export function popularVideos(c: SimContext): Response {
  const region = param(c, 'regionCode')
  if (region !== undefined && !/^[A-Za-z]{2}$/.test(region))
    throw invalid(`regionCode "${region}" is not a two-letter region code, e.g. GB.`)
  const regionCode = region?.toUpperCase()
  const hl = enumParam(c, 'hl', HL_CODES as readonly HlCode[])
  const all = chartOf(regionCode)
  const { page, nextPageToken } = pageOf(
    all,
    `popular|${regionCode ?? ''}`,
    param(c, 'pageToken'),
    POPULAR_PAGE_SIZE,
  )
  return c.json({
    ...(regionCode ? { regionCode } : {}),
    totalResults: all.length,
    resultsPerPage: page.length,
    ...(nextPageToken ? { nextPageToken } : {}),
    data: page.map((v) => {
      const item = popularVideo(v, c.get('baseUrl'))
      return hl ? { ...item, categoryTitle: categoryTitleIn(item.categoryTitle, hl) } : item
    }),
  })
}
