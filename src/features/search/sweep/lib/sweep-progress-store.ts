/**
 * Sweep progress in the browser's storage (IndexedDB via idb-keyval), saved after every page so a reload resumes.
 * Versioned; anything unreadable (old version, corrupt, another shape) is treated as no progress, never a crash.
 */
import { del, get, set } from 'idb-keyval'
import { z } from 'zod'
import { SearchItem } from '#contract/schemas.ts'
import type { Area } from '#lib/area/area-types.ts'
import { encodeArea } from '#lib/area/area-url.ts'
import { formatDepth, type SweepDepth } from './sweep-plan.ts'
import type { SweepProgress } from './sweep-runner.ts'

/** Where progress is kept; tests pass an in-memory one. */
export type ProgressBackend = {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
}

const STORED = z.object({
  version: z.literal(1),
  key: z.string(),
  circles: z.record(
    z.string(),
    z.object({
      pagesDone: z.number().int().min(0),
      nextPageToken: z.string().optional(),
      done: z.boolean(),
      videos: z.array(SearchItem),
      costUsd: z.number().min(0),
      error: z.string().optional(),
    }),
  ),
  spentUsd: z.number().min(0),
  updatedAt: z.string(),
})

/** `sweep:v1:<encoded area>:<radius km>:<depth>`: the same sweep gets the same key in any tab or after a reload. */
export function sweepKey(area: Area, radiusKm: number, depth: SweepDepth): string {
  return `sweep:v1:${encodeArea(area)}:${radiusKm}:${formatDepth(depth)}`
}

/** A backend in memory (tests, and a fallback where IndexedDB is missing). */
export function memoryBackend(): ProgressBackend {
  const values = new Map<string, unknown>()
  return {
    get: async (key) => structuredClone(values.get(key)),
    set: async (key, value) => {
      values.set(key, structuredClone(value))
    },
    del: async (key) => {
      values.delete(key)
    },
  }
}

const idbBackend: ProgressBackend = { get, set, del }
let fallback: ProgressBackend | undefined

/** IndexedDB where the browser has it; otherwise memory (progress then lasts until the page is closed). */
function defaultBackend(): ProgressBackend {
  if (typeof indexedDB !== 'undefined') return idbBackend
  return (fallback ??= memoryBackend())
}

/** The saved progress, or undefined when there is none or it cannot be read. */
export async function loadProgress(
  key: string,
  backend: ProgressBackend = defaultBackend(),
): Promise<SweepProgress | undefined> {
  try {
    const parsed = STORED.safeParse(await backend.get(key))
    if (!parsed.success || parsed.data.key !== key) return undefined
    return parsed.data as SweepProgress
  } catch {
    return undefined
  }
}

/** False when the browser refused to store it (full, private mode): the sweep runs on; a reload would ask the cache again. */
export async function saveProgress(
  progress: SweepProgress,
  backend: ProgressBackend = defaultBackend(),
): Promise<boolean> {
  try {
    await backend.set(progress.key, progress)
    return true
  } catch {
    return false
  }
}

export async function clearProgress(key: string, backend: ProgressBackend = defaultBackend()): Promise<void> {
  try {
    await backend.del(key)
  } catch {
    // nothing stored or storage unavailable: nothing to clear
  }
}
