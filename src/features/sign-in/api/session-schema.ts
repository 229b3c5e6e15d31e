/** GET /api/session (never guarded): whether this deployment asks for a password, and whether this browser gave it. */
import { z } from 'zod'

export const SessionStatus = z.looseObject({ signInRequired: z.boolean(), signedIn: z.boolean() })
export type SessionStatus = z.infer<typeof SessionStatus>
