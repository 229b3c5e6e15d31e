// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { safeHttpUrl, safeNodesText, safeReplyHtml, videoMomentOf, type SafeNode } from './safe-reply-html.ts'

function tags(nodes: readonly SafeNode[]): string[] {
  return nodes.flatMap((n) =>
    n.type === 'text'
      ? []
      : n.type === 'br'
        ? ['br']
        : [n.type === 'format' ? n.tag : n.type, ...tags(n.children)],
  )
}

describe('safeReplyHtml', () => {
  it('keeps formatting, line breaks and text with its escapes decoded', () => {
    const nodes = safeReplyHtml('<b>Bold</b> and <i>it&#39;s</i><br>line &quot;two&quot; &lt;3')
    expect(tags(nodes)).toEqual(['b', 'i', 'br'])
    expect(safeNodesText(nodes)).toBe('Bold and it\'s\nline "two" <3')
  })

  it('drops scripts, iframes, event handlers and other tags, keeping no executable part', () => {
    const hostile =
      '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">hi <iframe src="https://evil.example"></iframe>' +
      '<svg onload="alert(1)"></svg><a href="javascript:alert(1)">click</a><b onclick="alert(1)">bold</b><style>*{}</style>'
    const nodes = safeReplyHtml(hostile)
    const json = JSON.stringify(nodes)
    expect(json).not.toMatch(/onerror|onclick|onload|javascript:|iframe|<script|__pwned=1/)
    expect(tags(nodes)).toEqual(['b'])
    expect(safeNodesText(nodes)).toContain('click')
  })

  it('turns only absolute http(s) links into links and keeps the words of the others', () => {
    const nodes = safeReplyHtml(
      '<a href="https://example.org/a?b=1">ok</a> <a href="JaVaScRiPt:alert(1)">js</a> <a href="data:text/html,x">data</a> <a href="/relative">rel</a> <a href="mailto:a@b.c">mail</a>',
    )
    expect(nodes.filter((n) => n.type === 'link')).toEqual([
      { type: 'link', href: 'https://example.org/a?b=1', children: [{ type: 'text', text: 'ok' }] },
    ])
    expect(safeNodesText(nodes)).toBe('ok js data rel mail')
  })

  it('rewrites timestamp links to the captions view', () => {
    const nodes = safeReplyHtml('at <a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=143">2:23</a>')
    expect(nodes[1]).toEqual({
      type: 'video-moment',
      to: '/videos/dQw4w9WgXcQ?t=143',
      videoId: 'dQw4w9WgXcQ',
      seconds: 143,
      children: [{ type: 'text', text: '2:23' }],
    })
  })
})

describe('link helpers', () => {
  it('accepts http and https only', () => {
    expect(safeHttpUrl('http://a.example/')).toBe('http://a.example/')
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeHttpUrl('vbscript:x')).toBeUndefined()
    expect(safeHttpUrl(null)).toBeUndefined()
  })

  it('finds moments in platform links only', () => {
    expect(videoMomentOf('https://youtu.be/dQw4w9WgXcQ?t=1m2s')?.to).toBe('/videos/dQw4w9WgXcQ?t=62')
    expect(videoMomentOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeUndefined()
    expect(videoMomentOf('https://evil.example/watch?v=dQw4w9WgXcQ&t=3')).toBeUndefined()
  })
})
