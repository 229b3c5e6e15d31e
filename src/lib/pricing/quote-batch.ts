/**
 * Quotes asked for in the same moment travel together: every `quoteInBatch(path)` made while a list renders is sent
 * as one `POST /api/quote {paths}` (at most MAX_BATCH_PATHS each), so a page of 50 priced links costs one request.
 */
import { z } from 'zod'
import { ApiError, paidFetch } from '../paid-fetch.ts'
import { Quote } from './quote-schema.ts'

/** The function's bound (server/routes/quote.ts MAX_QUOTE_PATHS). */
export const MAX_BATCH_PATHS = 200
/** Long enough for a list's links to mount in one commit, short enough not to be seen. */
const GATHER_MS = 10

/** Each entry is a quote, or the error that path's own request would have got (a 400 naming the parameter). */
const BatchAnswer = z.looseObject({
  quotes: z.array(
    Quote.partial().extend({
      path: z.string(),
      error: z
        .looseObject({ code: z.string(), message: z.string(), param: z.string().optional() })
        .optional(),
    }),
  ),
})

type Waiting = { resolve: (q: Quote) => void; reject: (e: unknown) => void }
let queue = new Map<string, Waiting[]>()
let timer: ReturnType<typeof setTimeout> | undefined

async function send(paths: string[], waiting: Map<string, Waiting[]>): Promise<void> {
  try {
    const { data } = await paidFetch(
      '/api/quote',
      { as: 'json', schema: BatchAnswer },
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ paths }) },
    )
    for (const [i, item] of data.quotes.entries()) {
      const path = paths[i]!
      for (const w of waiting.get(path) ?? []) {
        const { operation, priceUsd, cached, error } = item
        if (operation !== undefined && priceUsd !== undefined && cached !== undefined)
          w.resolve({ operation, priceUsd, cached })
        else
          w.reject(
            new ApiError(400, error?.code ?? 'invalid_response', error?.message ?? 'No quote.', error?.param),
          )
      }
      waiting.delete(path)
    }
    const missing = new ApiError(502, 'invalid_response', 'The batch quote left out a path.')
    for (const list of waiting.values()) list.forEach((w) => w.reject(missing))
  } catch (e) {
    for (const list of waiting.values()) list.forEach((w) => w.reject(e))
  }
}

function flush(): void {
  timer = undefined
  const gathered = queue
  queue = new Map()
  const paths = [...gathered.keys()]
  for (let i = 0; i < paths.length; i += MAX_BATCH_PATHS) {
    const chunk = paths.slice(i, i + MAX_BATCH_PATHS)
    void send(chunk, new Map(chunk.map((p) => [p, gathered.get(p)!])))
  }
}

/** What requesting `path` would cost now; asked together with every other quote asked for within GATHER_MS. */
export function quoteInBatch(path: string): Promise<Quote> {
  return new Promise<Quote>((resolve, reject) => {
    const list = queue.get(path) ?? []
    list.push({ resolve, reject })
    queue.set(path, list)
    timer ??= setTimeout(flush, GATHER_MS)
  })
}
