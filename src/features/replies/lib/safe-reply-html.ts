/**
 * A reply's textDisplay HTML → a small tree of safe nodes (text, line breaks, b/i/em/strong, links).
 * DOMPurify removes everything else; we never hand HTML to the DOM, so React escapes every text node.
 */
import DOMPurify, { type Config } from 'dompurify'
import { parsePaste } from '#contract/index.ts'
import { videoPath } from '#lib/urls/videos.ts'

export type SafeNode =
  | { type: 'text'; text: string }
  | { type: 'br' }
  | { type: 'format'; tag: 'b' | 'i' | 'em' | 'strong'; children: SafeNode[] }
  /** An outside link: opened in a new tab without referrer or opener. */
  | { type: 'link'; href: string; children: SafeNode[] }
  /** A timestamp link to a video: opened in the dashboard's captions view at that moment. */
  | { type: 'video-moment'; to: string; videoId: string; seconds: number; children: SafeNode[] }

const FORMAT_TAGS = ['b', 'i', 'em', 'strong'] as const
const PURIFY_CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: ['b', 'i', 'em', 'strong', 'br', 'a'],
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true,
}

/** Only absolute http(s) URLs become links; javascript:, data:, mailto: and relative ones do not. */
export function safeHttpUrl(href: string | null): string | undefined {
  if (!href) return undefined
  try {
    const url = new URL(href)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** `watch?v=ID&t=143` (or youtu.be/ID?t=143) → the in-app captions view at that moment. */
export function videoMomentOf(href: string): { to: string; videoId: string; seconds: number } | undefined {
  const target = parsePaste(href)
  if (!target.ok || target.target.kind !== 'video' || target.target.t === undefined) return undefined
  const { videoId, t } = target.target
  return { to: videoPath(videoId, { t }), videoId, seconds: t }
}

function convert(nodes: NodeListOf<ChildNode>): SafeNode[] {
  const out: SafeNode[] = []
  for (const node of Array.from(nodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent ?? ''
      if (text) out.push({ type: 'text', text })
      continue
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue
    const el = node as Element
    const tag = el.tagName.toLowerCase()
    const children = convert(el.childNodes)
    if (tag === 'br') out.push({ type: 'br' })
    else if ((FORMAT_TAGS as readonly string[]).includes(tag))
      out.push({ type: 'format', tag: tag as (typeof FORMAT_TAGS)[number], children })
    else if (tag === 'a') {
      const href = safeHttpUrl(el.getAttribute('href'))
      const moment = href ? videoMomentOf(href) : undefined
      if (moment) out.push({ type: 'video-moment', ...moment, children })
      else if (href) out.push({ type: 'link', href, children })
      else out.push(...children) // an unsafe link keeps its words, loses its target
    } else out.push(...children)
  }
  return out
}

const cache = new Map<string, SafeNode[]>()
const CACHE_LIMIT = 5000

/** Sanitised, memoised (the same reply is rendered and searched many times). */
export function safeReplyHtml(textDisplay: string): SafeNode[] {
  const hit = cache.get(textDisplay)
  if (hit) return hit
  const fragment = DOMPurify.sanitize(textDisplay, PURIFY_CONFIG)
  const nodes = convert(fragment.childNodes)
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!)
  cache.set(textDisplay, nodes)
  return nodes
}

/** The words a reader sees, for searching; line breaks as newlines. */
export function safeNodesText(nodes: readonly SafeNode[]): string {
  return nodes
    .map((n) => (n.type === 'text' ? n.text : n.type === 'br' ? '\n' : safeNodesText(n.children)))
    .join('')
}
