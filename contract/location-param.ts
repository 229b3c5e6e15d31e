/** The one parser of a search location, alone in its module so the SPA's /search parser loads it without every request schema. */
import { z } from 'zod'
import { parseLocation, type LatLng } from './geo.ts'

/** A parameter's messages: missing, given twice, or of the wrong shape (`what` says the right one). */
export const required = (name: string, what: string) => ({
  error: (iss: { input?: unknown }) =>
    iss.input === undefined
      ? `${name} is required: ${what}.`
      : Array.isArray(iss.input)
        ? `${name} may be given only once.`
        : `${name} must be ${what}.`,
})

/** `48.8566,2.3522` → a point: the one parser of a location, for the view's URL and the function's query alike. */
export const LocationParam = z
  .string(required('location', '"<latitude>,<longitude>" in decimal degrees, e.g. 48.8566,2.3522'))
  .transform((s, ctx): LatLng => {
    const r = parseLocation(s)
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.message })
      return z.NEVER
    }
    return r.value
  })
