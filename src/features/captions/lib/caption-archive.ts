/** A ZIP of caption files with a manifest.json saying where each came from and what it cost. */
import { strToU8, zipSync } from 'fflate'
import { addUsd, type CaptionFormat, type CaptionMode } from '#contract/index.ts'

export type CacheStatus = 'HIT' | 'MISS' | 'NONE'

export type FetchedCaptionFile = {
  name: string
  format: CaptionFormat
  lang: string
  mode: CaptionMode
  /** The /api URL it came from. */
  url: string
  text: string
  contentType: string
  costUsd: number
  cache: CacheStatus
  fetchedAt: string
}

export type UnavailableCaptionFile = {
  name: string
  format: CaptionFormat
  lang: string
  mode: CaptionMode
  url: string
  status: number
  code: string
  message: string
  at: string
}

export type CaptionManifest = {
  kind: 'caption-archive'
  video: { id: string; platformUrl: string }
  viewUrl: string
  languages: string[]
  formats: CaptionFormat[]
  modes: CaptionMode[]
  createdAt: string
  startedAt: string
  requests: number
  costUsd: number
  files: (Omit<FetchedCaptionFile, 'text'> & { bytes: number })[]
  unavailable: UnavailableCaptionFile[]
  dashboardVersion: string
  dataSource: string
}

const unique = <T>(xs: readonly T[]): T[] => [...new Set(xs)]

export function makeCaptionManifest(input: {
  videoId: string
  viewUrl: string
  startedAt: string
  files: readonly FetchedCaptionFile[]
  unavailable: readonly UnavailableCaptionFile[]
  createdAt?: string
  dashboardVersion?: string
}): CaptionManifest {
  const all = [...input.files, ...input.unavailable]
  return {
    kind: 'caption-archive',
    video: { id: input.videoId, platformUrl: `https://www.youtube.com/watch?v=${input.videoId}` },
    viewUrl: input.viewUrl,
    languages: unique(all.map((f) => f.lang)),
    formats: unique(all.map((f) => f.format)),
    modes: unique(all.map((f) => f.mode)),
    createdAt: input.createdAt ?? new Date().toISOString(),
    startedAt: input.startedAt,
    requests: all.length,
    costUsd: addUsd(...input.files.map((f) => f.costUsd)),
    files: input.files.map(({ text, ...rest }) => ({ ...rest, bytes: strToU8(text).length })),
    unavailable: [...input.unavailable],
    dashboardVersion: input.dashboardVersion ?? __APP_VERSION__,
    dataSource: 'Poix data service (https://api.poix.io) through this dashboard',
  }
}

/** File names must be unique in the archive; the manifest sits beside the caption files. */
export function zipCaptionArchive(
  files: readonly FetchedCaptionFile[],
  manifest: CaptionManifest,
): Uint8Array {
  const entries: Record<string, Uint8Array> = {}
  for (const f of files) {
    if (entries[f.name]) throw new Error(`Two caption files would both be named ${f.name}.`)
    entries[f.name] = strToU8(f.text)
  }
  entries['manifest.json'] = strToU8(`${JSON.stringify(manifest, null, 2)}\n`)
  return zipSync(entries)
}
