/** The errno name of a failed file operation: Node's `code`, or the number PGlite's Emscripten file system throws. */

/** Emscripten's numbering (its ERRNO_CODES), for the codes a person can act on. */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES',
  29: 'EIO',
  44: 'ENOENT',
  51: 'ENOSPC',
  63: 'EPERM',
  69: 'EROFS',
}

export function errnoCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined
  const { code, errno, cause } = e as { code?: unknown; errno?: unknown; cause?: unknown }
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code
  // Node's own errors carry a negative errno with their code; Emscripten's carry a positive one without.
  if (typeof errno === 'number' && errno > 0) return EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`
  return cause === undefined ? undefined : errnoCode(cause)
}
