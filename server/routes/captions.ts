import { Hono } from 'hono'
import { CAPTION_CONTENT_TYPES, CaptionItems, captionFileName } from '#contract/index.ts'
import type { AppEnv } from '../app-context.ts'
import { CaptionQuery, VideoIdParam, validParam, validQuery } from '../validation.ts'
import { payAndSend } from './respond.ts'

/** GET /api/captions/:videoId: a caption track in any of the 11 formats; non-JSON bodies pass through byte for byte. */
export const captions = new Hono<AppEnv>().get(
  '/:videoId',
  validParam(VideoIdParam),
  validQuery(CaptionQuery),
  async (c) => {
    const { videoId } = c.req.valid('param')
    const { download, ...query } = c.req.valid('query')
    const format = query.format ?? 'json'
    const call = {
      operation: 'GET /captions/{videoId}' as const,
      path: `/captions/${videoId}`,
      query,
      schema: format === 'json' ? CaptionItems : undefined,
      captionFormat: format,
    }
    const headers: Record<string, string> = {}
    if (download === '1' || download === 'true') {
      headers['Content-Disposition'] =
        `attachment; filename="${captionFileName(videoId, query.lang ?? 'default', format)}"`
    }
    return payAndSend(c, call, CAPTION_CONTENT_TYPES[format], headers)
  },
)
