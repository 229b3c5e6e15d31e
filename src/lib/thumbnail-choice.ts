/** Picks from a platform thumbnail set (default, medium, high, standard, maxres) what a card needs. */
import type { Thumbnails } from '#contract/index.ts'

type Sized = { url: string; width: number; height: number | undefined }

function sized(set: Thumbnails | undefined): Sized[] {
  if (!set) return []
  return Object.values(set)
    .filter((t) => typeof t.url === 'string' && t.url !== '' && typeof t.width === 'number' && t.width > 0)
    .map((t) => ({ url: t.url, width: t.width!, height: t.height }))
    .sort((a, b) => a.width - b.width)
}

/**
 * The smallest image at least `cssWidth × density` pixels wide (sharp without wasting bytes),
 * else the largest there is; entries without a width are used only when nothing else exists.
 */
export function bestThumbnail(
  set: Thumbnails | undefined,
  cssWidth: number,
  density = 2,
): { url: string; width?: number; height?: number } | undefined {
  const all = sized(set)
  const need = cssWidth * density
  const pick = all.find((t) => t.width >= need) ?? all[all.length - 1]
  if (pick) return { url: pick.url, width: pick.width, ...(pick.height ? { height: pick.height } : {}) }
  const any = set ? Object.values(set).find((t) => t.url) : undefined
  return any ? { url: any.url } : undefined
}

/** `srcset` with width descriptors so the browser can choose for the screen's density. */
export function thumbnailSrcSet(set: Thumbnails | undefined): string | undefined {
  const all = sized(set)
  const unique = all.filter((t, i) => all.findIndex((o) => o.width === t.width) === i)
  return unique.length > 1 ? unique.map((t) => `${t.url} ${t.width}w`).join(', ') : undefined
}
