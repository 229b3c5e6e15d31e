/** GET /api/quote: what an /api request would cost now. */
import { z } from 'zod'

export const Quote = z.looseObject({ operation: z.string(), priceUsd: z.number(), cached: z.boolean() })
export type Quote = z.infer<typeof Quote>
