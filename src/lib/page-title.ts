/** Every tab says which view and what it shows: "Captions · Never Gonna Give You Up — Poix Research Dashboard". */
export const APP_NAME = 'Poix Research Dashboard'

export function pageTitle(...parts: (string | undefined)[]): string {
  const shown = parts.filter((p): p is string => !!p && p.trim() !== '')
  return shown.length ? `${shown.join(' · ')} — ${APP_NAME}` : APP_NAME
}
