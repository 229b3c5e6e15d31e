/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, so `npm start` serves the
 * compressed bytes without compressing per request (serveStatic's `precompressed`). Uncompressed, every route
 * sent about 360 KB of JavaScript; Lighthouse counted it (docs/decisions/0111).
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i
/** Smaller files gain less than the extra request headers cost. */
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

export async function precompress(dir: string): Promise<number> {
  let written = 0
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue
    const file = join(entry.parentPath, entry.name)
    if ((await stat(file)).size < MIN_BYTES) continue
    const data = await readFile(file)
    const [br, gzipped] = await Promise.all([
      brotli(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength },
      }),
      gz(data, { level: 9 }),
    ])
    // A compressed copy no smaller than the original is not worth serving.
    if (br.byteLength < data.byteLength) await writeFile(`${file}.br`, br)
    if (gzipped.byteLength < data.byteLength) await writeFile(`${file}.gz`, gzipped)
    written++
  }
  return written
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'poix-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      await precompress(outDir)
    },
  }
}
