/** The platform's html `textDisplay` of a comment, from its plain `textOriginal` (service-facts.md, Comment text). */

const URL_RE = /https?:\/\/[^\s<>"]+/g
const TRAILING_PUNCTUATION_RE = /[.,;:!?)\]]+$/
/** `2:23` or `1:02:03`, not part of a longer number or word. */
const TIMESTAMP_RE = /(?<![\w:])(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)(?![\w:])/g
const BOLD_RE = /\*([^*\n]+)\*/g

function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function textPart(text: string, videoId: string): string {
  return escapeHtml(text)
    .replace(BOLD_RE, '<b>$1</b>')
    .replace(TIMESTAMP_RE, (whole: string, h: string | undefined, m: string, s: string) => {
      const seconds = Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s)
      return `<a href="https://www.youtube.com/watch?v=${videoId}&amp;t=${seconds}">${whole}</a>`
    })
}

/** Newlines → `<br>`, quotes escaped, timestamps → links to the video, bare URLs → links, `*bold*` → `<b>`. */
export function commentHtml(textOriginal: string, videoId: string): string {
  let html = ''
  let last = 0
  for (const m of textOriginal.matchAll(URL_RE)) {
    const url = m[0].replace(TRAILING_PUNCTUATION_RE, '')
    html += textPart(textOriginal.slice(last, m.index), videoId)
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
    last = m.index + url.length
  }
  html += textPart(textOriginal.slice(last), videoId)
  return html.replace(/\r?\n/g, '<br>')
}
