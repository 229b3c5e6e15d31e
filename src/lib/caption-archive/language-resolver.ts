/** Each video's default caption language, learnt by its lookup job and awaited by the video's other jobs. */
import { SkippedError, describeFailure } from './failures.ts'

/** undefined: the lookup found no language; the others then ask without one, as the lookup did. */
type Lang = string | undefined

type Entry = { promise: Promise<Lang>; resolve: (lang: Lang) => void; reject: (e: SkippedError) => void }

export type LanguageResolver = {
  resolve(videoId: string, lang: Lang): void
  /** The lookup failed for good: the video's other jobs are skipped with its reason instead of paying for the same failure. */
  fail(videoId: string, error: unknown): void
  /** Settles when the lookup does, or rejects with the signal's reason when stopped first. */
  wait(videoId: string, signal: AbortSignal): Promise<Lang>
}

export function createLanguageResolver(): LanguageResolver {
  const entries = new Map<string, Entry>()
  const entry = (videoId: string): Entry => {
    let e = entries.get(videoId)
    if (!e) {
      let resolve!: Entry['resolve']
      let reject!: Entry['reject']
      const promise = new Promise<Lang>((res, rej) => {
        resolve = res
        reject = rej
      })
      promise.catch(() => undefined) // a lookup can fail before anyone waits on it
      e = { promise, resolve, reject }
      entries.set(videoId, e)
    }
    return e
  }
  return {
    resolve: (videoId, lang) => entry(videoId).resolve(lang),
    fail(videoId, error) {
      const { status, code, message } = describeFailure(error)
      entry(videoId).reject(
        new SkippedError(
          status,
          code,
          `Not requested: looking up this video's default caption language failed (${code}: ${message})`,
        ),
      )
    },
    wait(videoId, signal) {
      if (signal.aborted) return Promise.reject(signal.reason)
      return new Promise<Lang>((resolve, reject) => {
        const onAbort = () => reject(signal.reason)
        signal.addEventListener('abort', onAbort, { once: true })
        entry(videoId).promise.then(
          (lang) => {
            signal.removeEventListener('abort', onAbort)
            resolve(lang)
          },
          (e: unknown) => {
            signal.removeEventListener('abort', onAbort)
            reject(e)
          },
        )
      })
    },
  }
}
