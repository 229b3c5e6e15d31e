/**
 * Error answers of the simulated service. Their body shapes vary on purpose, as a real service's do
 * (docs/decisions/0030-simulator-error-bodies.md): clients must find the message whatever the shape.
 */

/** Thrown by operation handlers; turned into its response by the app's error handler. */
export class SimulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export const invalid = (message: string) => new SimulatorError(400, message)
export const notFound = (message: string) => new SimulatorError(404, message)

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
  })

const text = (body: string, status: number, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } })

/** 400 and 404 of the operations: `{"message": "..."}`. */
export const messageResponse = (status: number, message: string) => json({ message }, status)

/** 403 from the gateway in front of the operations: `{"error": "..."}`. */
export const forbiddenResponse = (message: string) => json({ error: message }, 403)

/** 402 when the prepaid balance cannot pay for the request: `{"message", "balance"}`. */
export const balanceResponse = (status: number) =>
  json(
    {
      message: 'Insufficient balance: add funds in the Poix dashboard to continue making requests.',
      balance: '0.00000',
    },
    status,
  )

/** 429 is answered by the rate limiter as plain text, with Retry-After in seconds. */
export const rateLimitResponse = (retryAfterSeconds: number) =>
  text(`Too Many Requests: rate limit exceeded, retry after ${retryAfterSeconds} seconds.`, 429, {
    'Retry-After': String(retryAfterSeconds),
  })

/** Unknown paths: plain text, like most web servers. */
export const noRouteResponse = (path: string) => text(`Not Found: ${path}`, 404)

/** 5xx: gateways answer 502–504 with a small HTML page; the application answers other codes with JSON. */
export function serverErrorResponse(status: number): Response {
  const reason: Record<number, string> = {
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  }
  const phrase = reason[status]
  if (phrase) {
    return new Response(
      `<html><head><title>${status} ${phrase}</title></head><body><center><h1>${status} ${phrase}</h1></center></body></html>`,
      {
        status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      },
    )
  }
  return json(
    {
      message:
        status >= 500
          ? 'Internal server error, please retry later.'
          : `Request failed with status ${status}.`,
    },
    status,
  )
}
