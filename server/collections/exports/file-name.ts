/** A file name part: letters, digits, dots, dashes and underscores only (a collection id fits as it is). */
export function slug(text: string, max = 60): string {
  return (
    text
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, max) || 'collection'
  )
}
