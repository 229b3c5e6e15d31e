#!/usr/bin/env node
// `npm test`: type check, lint, Vitest, then Playwright in a real Chromium (Debian's, else Playwright's own).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}: ${cmd} ${args.join(' ')}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) {
    console.error(`\n✖ ${label} failed (exit ${r.status ?? r.signal})`)
    process.exit(r.status ?? 1)
  }
}

const debianChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p))
if (!debianChromium) {
  if (process.env.CI) {
    console.error('No Chromium found (set CHROMIUM_PATH or apt-get install chromium); CI never downloads browsers.')
    process.exit(1)
  }
  console.log('No system Chromium found: installing Playwright\'s own Chromium.')
  run('browser', 'npx', ['playwright', 'install', 'chromium'])
}

run('typecheck', 'npx', ['tsc', '-p', '.', '--noEmit'])
run('lint', 'npx', ['eslint', '.', '--max-warnings=0'])
run('unit', 'npx', ['vitest', 'run'])
run('e2e', 'npx', ['playwright', 'test'])
console.log('\n✔ every test passed')
