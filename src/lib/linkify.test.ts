import { describe, expect, it } from 'vitest'
import { linkify, safeHttpUrl } from './linkify.ts'

describe('linkify', () => {
  it('turns http and https URLs into links and leaves the rest as text', () => {
    expect(linkify('Site: https://example.com/a?b=1 and http://x.org.')).toEqual([
      { kind: 'text', text: 'Site: ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ])
  })

  it('keeps line breaks in the text pieces', () => {
    const pieces = linkify('line one\nline two\n\nhttps://a.example')
    expect(pieces[0]).toEqual({ kind: 'text', text: 'line one\nline two\n\n' })
    expect(pieces[1]?.kind).toBe('link')
  })

  it('never links other schemes', () => {
    const text = 'javascript:alert(1) data:text/html,<b>x</b> ftp://files.example'
    expect(linkify(text)).toEqual([{ kind: 'text', text }])
  })

  it('keeps a closing parenthesis the URL opened and drops one it did not', () => {
    const wiki = 'https://en.wikipedia.org/wiki/Pop_(music)'
    expect(linkify(`see ${wiki}`)[1]).toMatchObject({ kind: 'link', text: wiki })
    expect(linkify('(see https://a.example/x)')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://a.example/x', href: 'https://a.example/x' },
      { kind: 'text', text: ')' },
    ])
  })

  it('does not swallow quotes or angle brackets into a link', () => {
    expect(linkify('"https://a.example/x"<b>')[1]).toMatchObject({ text: 'https://a.example/x' })
  })
})

describe('safeHttpUrl', () => {
  it('accepts http(s) and refuses everything else', () => {
    expect(safeHttpUrl('https://en.wikipedia.org/wiki/Music')).toBe('https://en.wikipedia.org/wiki/Music')
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeHttpUrl('not a url')).toBeUndefined()
  })
})
