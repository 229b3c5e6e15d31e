#!/usr/bin/env node
// `npm test`: type check, lint, Vitest, then Playwright in a real Chromium (Debian's, else Playwright's own).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'

const totals = { passed: 0, failed: 0, flaky: 0, skipped: 0 }
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

/** Runs a step, echoing its output live and keeping it to count the tests it reports. */
function run(label, cmd, args, { count } = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`)
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
    })
    let out = ''
    child.stdout.on('data', (d) => (process.stdout.write(d), (out += d)))
    child.stderr.on('data', (d) => (process.stderr.write(d), (out += d)))
    child.on('close', (code, signal) => {
      if (count) count(out.replace(ANSI, ''))
      const flakyFails = label === 'e2e' && totals.flaky > 0 && !!process.env.CI
      if (code !== 0 || flakyFails) {
        console.error(
          `\n✖ ${label} failed${code !== 0 ? ` (exit ${code ?? signal})` : ''}${flakyFails ? `; ${flakyNote()}` : ''}`,
        )
        printTotals()
        process.exit(code || 1)
      }
      resolve()
    })
  })
}

const num = (text, re) => Number(re.exec(text)?.[1] ?? 0)
/** The last match: Playwright's summary closes its output, after any test output that might look alike. */
const lastNum = (text, re) => Number([...text.matchAll(re)].at(-1)?.[1] ?? 0)
function countVitest(text) {
  const line = /^\s*Tests\s+(.*)$/m.exec(text)?.[1] ?? ''
  totals.passed += num(line, /(\d+) passed/)
  totals.failed += num(line, /(\d+) failed/)
  totals.skipped += num(line, /(\d+) skipped/)
}
/** A flaky test (failed, then passed on a retry) is not a pass; an interrupted one failed; one that did not run is skipped. */
function countPlaywright(text) {
  totals.passed += lastNum(text, /^ {2}(\d+) passed/gm)
  totals.flaky += lastNum(text, /^ {2}(\d+) flaky$/gm)
  totals.failed += lastNum(text, /^ {2}(\d+) failed$/gm) + lastNum(text, /^ {2}(\d+) interrupted$/gm)
  totals.skipped += lastNum(text, /^ {2}(\d+) skipped$/gm) + lastNum(text, /^ {2}(\d+) did not run$/gm)
}
const flakyNote = () =>
  `${totals.flaky} flaky test${totals.flaky === 1 ? '' : 's'} (failed, then passed on a retry)${process.env.CI ? ': CI counts a flaky test as a failure' : ''}`
function printTotals() {
  console.log(
    `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.flaky} flaky, ${totals.skipped} skipped`,
  )
}

const debianChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
)
if (!debianChromium) {
  if (process.env.CI) {
    console.error(
      'No Chromium found (set CHROMIUM_PATH or apt-get install chromium); CI never downloads browsers.',
    )
    process.exit(1)
  }
  console.log("No system Chromium found: installing Playwright's own Chromium.")
  await run('browser', 'npx', ['playwright', 'install', 'chromium'])
}

await run('typecheck', 'npx', ['tsc', '-p', '.', '--noEmit'])
await run('lint', 'npm', ['run', '--silent', 'lint'])
await run('unit', 'npx', ['vitest', 'run'], { count: countVitest })
await run('e2e', 'npx', ['playwright', 'test'], { count: countPlaywright })
console.log(totals.flaky ? `\n⚠ every test passed in the end, but ${flakyNote()}` : '\n✔ every test passed')
printTotals()
