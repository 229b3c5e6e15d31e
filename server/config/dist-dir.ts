/**
 * The build folder (DIST_DIR), read on its own: `vite build` and npm start's staleness check need it without a valid
 * server configuration, and vite.config.ts importing all of config.ts (and so contract/) would restart the dev server on every contract edit.
 */
export const DEFAULT_DIST_DIR = 'dist'

export function distDirOf(env: Record<string, string | undefined> = process.env): string {
  return env.DIST_DIR || DEFAULT_DIST_DIR
}
