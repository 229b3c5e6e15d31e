/**
 * Bundle: gzip size of the JavaScript each route loads first — the entry chunk and the route's lazy chunk with
 * their static imports, from Vite's manifest — and which chunks hold the map's code (Leaflet).
 * docs/decisions/0093-bench-bundle-and-lighthouse.md
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { kb, type PartOutcome, type Row } from '../lib/report.ts'
import { entryKey, staticClosure, type Manifest, type SpaBuild } from '../lib/spa-build.ts'

const ROUTE_CHUNKS = {
  home: 'src/app/routes/home.tsx',
  search: 'src/app/routes/search.tsx',
  popular: 'src/app/routes/popular.tsx',
  channel: 'src/app/routes/channels.tsx',
  replies: 'src/app/routes/replies.tsx',
  captions: 'src/app/routes/videos.tsx',
  bulk: 'src/app/routes/bulk.tsx',
  spend: 'src/app/routes/spend.tsx',
} as const

const HOME_TARGET_BYTES = 120 * 1024
/** Strings that survive minification and exist only in Leaflet's own code (its DOM stamp and zoom proxy). */
const LEAFLET_SIGNATURES = ['_leaflet_id', 'leaflet-proxy']

type RouteBundle = { route: string; files: string[]; rawBytes: number; gzipBytes: number; hasMap: boolean }

/** Every chunk reachable from key, through static and dynamic imports (what the route may load later). */
function reachable(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(key)) return into
  into.add(key)
  for (const dep of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])])
    reachable(manifest, dep, into)
  return into
}

export function measureBundle(build: SpaBuild): PartOutcome {
  const { manifest, outDir } = build
  const gzipOf = new Map<string, { raw: number; gzip: number; map: boolean }>()
  const sizeOf = (file: string) => {
    let s = gzipOf.get(file)
    if (!s) {
      const bytes = readFileSync(join(outDir, file))
      const text = bytes.toString('utf8')
      s = {
        raw: bytes.byteLength,
        gzip: gzipSync(bytes).byteLength,
        map: LEAFLET_SIGNATURES.some((sig) => text.includes(sig)),
      }
      gzipOf.set(file, s)
    }
    return s
  }
  const entry = entryKey(manifest)
  const entryFiles = staticClosure(manifest, entry)
  const routes: RouteBundle[] = Object.entries(ROUTE_CHUNKS).map(([route, key]) => {
    const files = [...staticClosure(manifest, key, new Set(entryFiles))].filter((f) => f.endsWith('.js'))
    const sizes = files.map(sizeOf)
    return {
      route,
      files,
      rawBytes: sizes.reduce((s, x) => s + x.raw, 0),
      gzipBytes: sizes.reduce((s, x) => s + x.gzip, 0),
      hasMap: sizes.some((x) => x.map),
    }
  })

  const allJs = Object.values(manifest)
    .map((c) => c.file)
    .filter((f) => f.endsWith('.js'))
  const mapFiles = allJs.filter((f) => sizeOf(f).map)
  const chunkKeyOf = (file: string) => Object.keys(manifest).find((k) => manifest[k]!.file === file)!
  const searchReach = reachable(manifest, ROUTE_CHUNKS.search)
  const mapOnlyFromSearch =
    mapFiles.length > 0 &&
    mapFiles.every((f) => searchReach.has(chunkKeyOf(f))) &&
    routes.every((r) => r.route === 'search' || !r.hasMap) &&
    ![...entryFiles].some((f) => f.endsWith('.js') && sizeOf(f).map)
  const routesWithMap = routes.filter((r) => r.hasMap).map((r) => r.route)

  const home = routes.find((r) => r.route === 'home')!
  const rows: Row[] = routes.map((r) => ({
    part: 'bundle',
    measure: `${r.route}: first-load JS, gzip (${r.files.length} files)`,
    value: kb(r.gzipBytes),
    compare: `${kb(r.rawBytes)} raw`,
    ...(r.route === 'home'
      ? { target: `< ${kb(HOME_TARGET_BYTES)}`, met: home.gzipBytes < HOME_TARGET_BYTES }
      : {}),
  }))
  rows.push({
    part: 'bundle',
    measure: 'map code (Leaflet) loaded by',
    value: routesWithMap.length
      ? routesWithMap.join(', ')
      : mapFiles.length
        ? 'search (lazily)'
        : 'no chunk found',
    compare: `${mapFiles.length} chunk(s), ${kb(mapFiles.reduce((s, f) => s + sizeOf(f).gzip, 0))} gzip`,
    target: 'search only',
    met: mapOnlyFromSearch,
  })
  return {
    rows,
    data: {
      buildSeconds: build.seconds,
      entry,
      routes: routes.map(({ route, files, rawBytes, gzipBytes, hasMap }) => ({
        route,
        files,
        rawBytes,
        gzipBytes,
        hasMap,
      })),
      mapFiles,
    },
  }
}
