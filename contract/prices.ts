/** Cost per request in US dollars (spec, Limits). Operation keys are the service's method + path template. */
export const PRICES_USD = {
  'GET /search': 0.00203,
  'GET /channels': 0.00013,
  'GET /videos': 0.00013,
  'GET /autocomplete': 0.00013,
  'GET /playlistItems': 0.00013,
  'GET /commentThreads': 0.00013,
  'GET /commentReplies': 0.00013,
  'GET /captions/{videoId}': 0.00053,
  'GET /files/audio/{videoId}': 0.00053,
  'GET /files/video/{videoId}': 0.00053,
  'GET /files/captions/{videoId}': 0.00053,
  'GET /files/thumbnails/{videoId}': 0.00003,
  /** Not listed in the price table; assumed to cost like /videos (docs/decisions/0002-popular-videos-price.md). */
  'GET /popularVideos': 0.00013,
} as const
export type Operation = keyof typeof PRICES_USD

export function priceOf(operation: Operation): number {
  return PRICES_USD[operation]
}

/** Sum of prices without floating-point drift (prices are whole multiples of 1e-5 USD). */
export function addUsd(...amounts: number[]): number {
  return Math.round(amounts.reduce((s, a) => s + Math.round(a * 1e5), 0)) / 1e5
}

/** `$0.00203`, `$1.20`: enough digits to show a single request's price. */
export function formatUsd(amount: number): string {
  if (amount === 0) return '$0'
  const digits = Math.abs(amount) >= 0.1 ? 2 : 5
  return `$${amount.toFixed(digits)}`
}
