/**
 * Server only: the one place the token is sent from (it is handed only the token, from config.ts). Never imported by src/.
 * Sends `Authorization: Bearer <token>` and nothing of the browser's; times out; turns every failure into an ApiFailure.
 */
import type { Operation } from '#contract/index.ts'
import type { UpstreamMode } from '../config.ts'
import { ApiFailure, DEFAULT_RETRY_AFTER_SECONDS } from '../errors.ts'
import { createCircuitBreaker } from './circuit-breaker.ts'
import { serviceAddresses } from './service-addresses.ts'
import { BodyTooLarge, fromFetch, nodeTransport, type Transport, type TransportAnswer } from './transport.ts'

type Fetch = (request: Request) => Promise<Response>

type UpstreamRequest = {
  operation: Operation
  /** Service path, e.g. `/captions/dQw4w9WgXcQ`. */
  path: string
  /** Already validated; undefined values are left out. Arrays repeat the parameter. */
  query: Record<string, string | string[] | undefined>
  signal?: AbortSignal
}

export type UpstreamAnswer = { status: number; contentType: string; body: string; bytes: number }

export type UpstreamClient = {
  mode: UpstreamMode
  request(req: UpstreamRequest): Promise<UpstreamAnswer>
  /** Seconds this instance still waits after the service's 429 (0: calls may go); checked before reserving budget. */
  pausedForSeconds(): number
}

export type UpstreamOptions = {
  /** The service's token (config.apiToken): live mode when given, the demo simulator otherwise. */
  token: string | undefined
  baseUrl: string
  timeoutMs: number
  /** Transport for live mode; defaults to node:http(s) (transport.ts). Tests inject failing fetches. */
  fetch?: Fetch
  /** Transport and token of the embedded simulator, used when no token is configured. */
  demo?: { fetch: Fetch; token: string }
  /** The largest body read from the service (UPSTREAM_MAX_BYTES); default 32 MB. */
  maxBytes?: number
  /** The clock of the 429 pause; tests move it. */
  now?: () => number
}

export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024

const MAX_MESSAGE = 300

/** The service's error body may be JSON of any shape or plain text: find its message whatever the shape. */
function messageFromBody(body: string): string | undefined {
  const text = body.trim()
  if (!text) return undefined
  try {
    return clip(findMessage(JSON.parse(text)) ?? text)
  } catch {
    // An HTML error page says what happened in its title or first heading; the rest is layout.
    const headline =
      /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1] ?? /<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(text)?.[1]
    const plain = (headline ?? text)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    return plain ? clip(plain) : undefined
  }
}

/** A message ready to be followed by another sentence: no trailing dots or spaces. */
const sentence = (s: string) => s.replace(/[.\s]+$/, '')

function findMessage(v: unknown, depth = 0): string | undefined {
  if (depth > 4 || v === null || v === undefined) return undefined
  if (typeof v === 'string') return v.trim() || undefined
  if (Array.isArray(v)) return v.map((x) => findMessage(x, depth + 1)).find(Boolean)
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>
    for (const key of [
      'message',
      'error_description',
      'detail',
      'error',
      'errors',
      'msg',
      'title',
      'reason',
      'description',
    ]) {
      const m = findMessage(o[key], depth + 1)
      if (m) return m
    }
  }
  return undefined
}

function clip(s: string): string {
  return s.length > MAX_MESSAGE ? `${s.slice(0, MAX_MESSAGE - 1)}…` : s
}

/** The service's words for a video it cannot serve at all, as opposed to a language it has no captions in. */
const VIDEO_GONE_RE =
  /\bno (?:such )?video\b|\bvideo (?:was |is |has been )?(?:not found|does not exist|doesn't exist|private|unavailable|removed|deleted)\b|\bprivate video\b|\bunknown video\b/i

const BALANCE_RE = /balance|insufficient|credit|funds|payment required|quota exhausted/i

/** Maps a non-2xx answer of the service to the function's error (the error table of the data-service spec; docs/decisions/0005-function-errors-and-prices.md). */
function mapUpstreamFailure(
  operation: Operation,
  status: number,
  body: string,
  retryAfter: string | null,
): ApiFailure {
  const said = messageFromBody(body)
  if (status === 402 || ((status === 403 || status === 429) && said && BALANCE_RE.test(said))) {
    return new ApiFailure(
      402,
      'balance_exhausted',
      `The data service account's balance is exhausted${said ? ` (the service said: "${said}")` : ''}. Add funds in the Poix dashboard; cached answers are still served.`,
    )
  }
  if (status === 403 || status === 401) {
    return new ApiFailure(
      502,
      'upstream_auth',
      "The data service rejected this server's token; check DATA_API_TOKEN.",
    )
  }
  if (status === 429) {
    const seconds = parseRetryAfter(retryAfter) ?? DEFAULT_RETRY_AFTER_SECONDS
    return new ApiFailure(
      429,
      'rate_limited',
      `The data service is rate-limiting this server; retry in ${seconds} s.`,
      { retryAfterSeconds: seconds },
    )
  }
  // A 404 about the video itself (missing, private, removed) is not a missing language: no caption mode can help.
  if (status === 404 && operation === 'GET /captions/{videoId}' && !(said && VIDEO_GONE_RE.test(said))) {
    const hint =
      "Try mode=fallback-auto-translated (the platform's translation), mode=fallback-whisper (speech recognition when the video has no captions) or mode=force-whisper."
    // The service's own advice about modes is dropped (ours follows): from its first clause that names a mode.
    const base =
      (said ?? '').replace(/\s*(?:[;,.]\s*)?(?:(?:Use|Try)\s+)?mode=.*$/is, '').trim() ||
      'No captions in the requested language.'
    return new ApiFailure(404, 'captions_unavailable', `${base.replace(/\.?$/, '.')} ${hint}`)
  }
  if (status === 404) return new ApiFailure(404, 'not_found', said ?? 'The data service has no such item.')
  if (status >= 400 && status < 500) {
    return new ApiFailure(
      400,
      'invalid_query',
      `The data service refused the query: ${said ? sentence(said) : `status ${status}`}.`,
    )
  }
  return new ApiFailure(
    502,
    'upstream_error',
    `The data service failed (status ${status})${said ? `: ${sentence(said)}` : ''}. Retry in a moment.`,
  )
}

function parseRetryAfter(v: string | null): number | undefined {
  if (!v) return undefined
  const n = Number(v)
  if (Number.isFinite(n) && n >= 0) return Math.ceil(n)
  const t = Date.parse(v)
  return Number.isNaN(t) ? undefined : Math.max(0, Math.ceil((t - Date.now()) / 1000))
}

/** A byte count as people read it: `32 MB`, `1.5 KB`, `800 bytes`. */
function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`
  return bytes >= 1024 ? `${Number((bytes / 1024).toFixed(1))} KB` : `${bytes} bytes`
}

/** Past the cap a 2xx was served, and so billed; an error answer keeps its status, its oversized body unread. */
function tooLarge(operation: Operation, res: TransportAnswer, maxBytes: number): ApiFailure {
  if (res.status < 200 || res.status >= 300)
    return mapUpstreamFailure(operation, res.status, '', res.header('Retry-After'))
  return new ApiFailure(
    502,
    'upstream_too_large',
    `The data service sent an answer larger than ${sizeText(maxBytes)} (UPSTREAM_MAX_BYTES); nothing was cached.`,
    { charged: true },
  )
}

/** Caption files (every format but json) pass byte for byte; every other answer is JSON. */
const isJsonAnswer = (req: UpstreamRequest): boolean =>
  req.operation !== 'GET /captions/{videoId}' || (req.query.format ?? 'json') === 'json'

function buildUrl(baseUrl: string, path: string, query: UpstreamRequest['query']): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path)
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue
    for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, item)
  }
  return url.toString()
}

export function createUpstreamClient(opts: UpstreamOptions): UpstreamClient {
  const live = opts.token?.trim()
  const mode: UpstreamMode = live ? 'live' : 'demo'
  const token = live || opts.demo?.token
  const given = mode === 'live' ? opts.fetch : opts.demo?.fetch
  const transport: Transport | undefined = given
    ? fromFetch(given)
    : mode === 'live'
      ? nodeTransport
      : undefined
  if (!token || !transport)
    throw new Error('No data service configured: set DATA_API_TOKEN, or give the client the demo simulator.')
  const secret = token // narrowed to a string for the functions below
  const scrub = (s: string) => s.split(secret).join('[token]')
  const addresses = serviceAddresses(opts.baseUrl)
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES
  const breaker = createCircuitBreaker(opts.now)
  // Demo mode's 429s are faults injected into the simulator by tests, which must recover as soon as they are cleared.
  const pauses = mode === 'live'
  const failWith = (failure: ApiFailure): never => {
    if (pauses && failure.code === 'rate_limited') breaker.pause(failure.retryAfterSeconds ?? 0)
    throw failure
  }

  async function request(req: UpstreamRequest): Promise<UpstreamAnswer> {
    const refusal = breaker.refusal()
    if (refusal) throw refusal
    // Our own controller and timer (not AbortSignal.any/timeout, whose derived signals can be collected
    // before they fire), and a race, so a transport that ignores the signal still cannot hang the request.
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new DOMException('The data service did not answer in time.', 'TimeoutError'))
    }, opts.timeoutMs)
    const onCallerAbort = () => controller.abort(req.signal?.reason)
    if (req.signal?.aborted) onCallerAbort()
    else req.signal?.addEventListener('abort', onCallerAbort, { once: true })
    const aborted = new Promise<never>((_, reject) => {
      if (controller.signal.aborted) reject(controller.signal.reason)
      else controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
    })
    aborted.catch(() => {}) // observed by the races below; never an unhandled rejection
    // Only our own headers: the browser's Authorization and Cookie never travel upstream.
    const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json, text/*;q=0.9, */*;q=0.5' }
    let res: TransportAnswer | undefined
    let body: string
    try {
      res = await Promise.race([
        transport!(buildUrl(opts.baseUrl, req.path, req.query), {
          headers,
          signal: controller.signal,
          maxBytes,
        }),
        aborted,
      ])
      if (Number(res.header('Content-Length')) > maxBytes) {
        controller.abort(new BodyTooLarge(maxBytes)) // announced too large: drop the connection before reading any of it
        return failWith(tooLarge(req.operation, res, maxBytes))
      }
      // Decode as UTF-8 keeping a BOM, so caption bodies pass through byte for byte.
      const bytes = await Promise.race([res.body(), aborted])
      body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
      const ok = res.status >= 200 && res.status < 300
      if (!ok)
        return failWith(
          mapUpstreamFailure(
            req.operation,
            res.status,
            addresses.inText(scrub(body)),
            res.header('Retry-After'),
          ),
        )
      // Nothing cached or sent may carry the token or the service's own addresses; re-count the bytes only when changed.
      const scrubbed = body.includes(secret) ? scrub(body) : body
      const publicBody = isJsonAnswer(req) ? addresses.inJson(scrubbed) : scrubbed
      if (publicBody !== body) {
        body = publicBody
        return {
          status: res.status,
          contentType: res.header('Content-Type') ?? '',
          body,
          bytes: Buffer.byteLength(body),
        }
      }
      return {
        status: res.status,
        contentType: res.header('Content-Type') ?? '',
        body,
        bytes: bytes.byteLength,
      }
    } catch (e) {
      if (e instanceof ApiFailure) throw e
      if (e instanceof BodyTooLarge && res) return failWith(tooLarge(req.operation, res, maxBytes))
      if (timedOut) {
        throw new ApiFailure(
          504,
          'upstream_timeout',
          `The data service did not answer within ${Math.round(opts.timeoutMs / 1000)} s. Retry in a moment.`,
        )
      }
      // A 200 whose body broke off was served, and so billed, by the service.
      const charged = res !== undefined && res.status >= 200 && res.status < 300
      if (req.signal?.aborted)
        throw new ApiFailure(502, 'upstream_unreachable', 'The request was cancelled.', { charged })
      const detail = e instanceof Error ? addresses.inText(scrub(e.message)) : 'unknown error'
      throw new ApiFailure(
        502,
        'upstream_unreachable',
        `Could not read the data service's answer (${clip(detail)}). Retry in a moment.`,
        { charged },
      )
    } finally {
      clearTimeout(timer)
      req.signal?.removeEventListener('abort', onCallerAbort)
    }
  }

  return { mode, request, pausedForSeconds: () => breaker.pausedForSeconds() }
}
