import { ApiError } from '#lib/api-client.ts'

/** The service's answer when it has no such video (or cannot show it): not found, whatever the request. */
export function videoGoneError(...errors: unknown[]): ApiError | undefined {
  return errors.find((e): e is ApiError => e instanceof ApiError && e.code === 'not_found')
}

/** The headline in the service's own terms: private and removed are said as such, anything else as not existing. */
function headline(said: string): string {
  if (/\bprivate\b/i.test(said)) return 'This video is private'
  if (/\b(?:removed|deleted|taken down|terminated)\b/i.test(said)) return 'This video has been removed'
  return 'This video does not exist'
}

/** The video itself cannot be had: no caption mode can help, so none is offered. */
export function VideoGone({ error }: { error: ApiError }) {
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{headline(error.message)}</p>
      <p className="text-sm">The service said: “{error.message}”</p>
      <p className="text-sm">
        Check the video id, or the link it came from. No caption mode can help: the service has no video here
        to take captions from.
      </p>
    </div>
  )
}
