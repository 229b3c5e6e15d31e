import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (path: string) => readFileSync(path, 'utf8')
const records = readdirSync('docs/decisions').filter((f) => /^\d{4}-.+\.md$/.test(f))

describe('documents for readers', () => {
  it('keeps the README short: the details live in docs/', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(15_000)
  })

  it("puts on the README's first screen what it is, the two commands, the port and the demo tour", () => {
    const readme = read('README.md')
    const firstScreen = readme.split('\n').slice(0, 40).join('\n')
    expect(firstScreen).toMatch(/research dashboard/i)
    expect(firstScreen).toContain('npm install && npm start')
    expect(firstScreen).toMatch(/npm test\s+# the full suite/)
    expect(firstScreen).toContain('npx vitest run <file>')
    expect(firstScreen).toContain('PORT=3000 npm start')
    expect(firstScreen).toMatch(/^## A tour on demo data$/m)
    // The code's words are not the reader's.
    for (const jargon of ['approval setting', 'priced press', 'Open pages without asking'])
      expect(readme).not.toContain(jargon)
  })

  it('indexes every decision record with its title and status', () => {
    const index = read('docs/decisions/README.md')
    expect(records.length).toBeGreaterThan(100)
    for (const file of records) {
      const text = read(`docs/decisions/${file}`)
      const number = file.slice(0, 4)
      const title = /^# \d{4}\. (.+)$/m.exec(text)?.[1]
      const status = /^- Status: (.+)$/m.exec(text)?.[1]
      expect(title, `${file}: a "# NNNN. Title" heading`).toBeTruthy()
      expect(status, `${file}: a "- Status:" line`).toBeTruthy()
      expect(index, `${file} in the index`).toContain(`[${number}]: ${file}`)
      const row = index.split('\n').find((l) => l.startsWith(`| [${number}]`))
      expect(row, `${file}: a row in the index`).toBeTruthy()
      expect(row!.replace(/\s+/g, ' '), `${file}: its title in the index`).toContain(
        title!.replace(/\s+/g, ' '),
      )
    }
  })

  it('gives every record a context, a decision and consequences', () => {
    for (const file of records) {
      const text = read(`docs/decisions/${file}`)
      for (const section of ['## Context', '## Decision', '## Consequences'])
        expect(text, `${file}: ${section}`).toContain(`\n${section}\n`)
    }
  })
})
