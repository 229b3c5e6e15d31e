import { Hono } from 'hono'
import { CaptionFileList } from '#contract/index.ts'
import type { AppEnv } from '../app-context.ts'
import { CaptionFilesQuery, VideoIdParam, validParam, validQuery } from '../validation.ts'
import { JSON_TYPE, payAndSend } from './respond.ts'

/** GET /api/files/captions/:videoId: which caption files exist, one entry per language × format. */
export const captionFiles = new Hono<AppEnv>().get(
  '/:videoId',
  validParam(VideoIdParam),
  validQuery(CaptionFilesQuery),
  async (c) => {
    const { videoId } = c.req.valid('param')
    const query = c.req.valid('query')
    const call = {
      operation: 'GET /files/captions/{videoId}' as const,
      path: `/files/captions/${videoId}`,
      query,
      schema: CaptionFileList,
    }
    return payAndSend(c, call, JSON_TYPE)
  },
)
