/** Oversized request targets and heads: a JSON error naming the limit, from the app (414) or, past Node's parser limit, from the server (431). */
import type { Socket } from 'node:net'
import type { MiddlewareHandler } from 'hono'
import { ApiFailure, errorResponse } from '../errors.ts'
import { formatBytes } from './body-limit.ts'

/** The longest path and query string taken: a /bulk link of 500 videos or a quoted 4 KB path fits with room. */
export const MAX_REQUEST_TARGET = 32 * 1024

/** Node's limit on the request line and headers together, raised from 16 KB so the app's own 414 sees long URLs. */
export const MAX_HEADER_BYTES = 128 * 1024

const SHORTEN = `send fewer or shorter parameters (a batch of quotes goes in the body of POST /api/quote)`

export function limitRequestTarget(): MiddlewareHandler {
  return async (c, next) => {
    const url = c.req.url
    const length = url.length - url.indexOf('/', url.indexOf('//') + 2)
    if (length <= MAX_REQUEST_TARGET) return next()
    c.header('Connection', 'close')
    return errorResponse(
      c,
      new ApiFailure(
        414,
        'invalid_query',
        `The URL is ${length.toLocaleString('en')} characters long; its path and query string may be at most ${formatBytes(MAX_REQUEST_TARGET)}: ${SHORTEN}.`,
        { param: 'url' },
      ),
    )
  }
}

/** What Node's parser refused, as the app's JSON error (without a listener, Node answers a bare status line). */
function clientFailure(code: string | undefined): { status: number; body: string } {
  const failure =
    code === 'HPE_HEADER_OVERFLOW'
      ? new ApiFailure(
          431,
          'invalid_query',
          `The request line and headers are larger than ${formatBytes(MAX_HEADER_BYTES)} together; a URL may be at most ${formatBytes(MAX_REQUEST_TARGET)}: ${SHORTEN}, or clear this site's cookies.`,
          { param: 'url' },
        )
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiFailure(408, 'invalid_query', 'The request took too long to arrive; send it again.')
        : new ApiFailure(400, 'invalid_query', 'The request is not valid HTTP.')
  return { status: failure.status, body: JSON.stringify(failure.toBody()) }
}

/** For http.Server's 'clientError' event: answers once, as JSON, then closes the connection. */
export function answerClientError(err: Error & { code?: string }, socket: Socket) {
  // As Node's own handler: nothing is written into a response already under way (its internal _httpMessage).
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) return void socket.destroy()
  const { status, body } = clientFailure(err.code)
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
      `Content-Type: application/json; charset=UTF-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  )
}
