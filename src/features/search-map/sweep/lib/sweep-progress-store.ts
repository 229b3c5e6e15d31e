/**
 * Sweep progress in the browser's storage (IndexedDB via idb-keyval), saved after every page so a reload resumes.
 * Versioned; anything unreadable (old version, corrupt, another shape) is treated as no progress, never a crash.
 */
import type { Area } from '#lib/area/area-types.ts'
import type { SweepDepth } from './sweep-plan.ts'
import type { SweepProgress } from './sweep-runner.ts'

/** Where progress is kept; tests pass an in-memory one. */
export type ProgressBackend = {
  get(key: string): Promise<unknown>
  set(key: string, value: unknown): Promise<void>
  del(key: string): Promise<void>
}

/** `sweep:v1:<encoded area>:<radius km>:<depth>`: the same sweep gets the same key in any tab or after a reload. */
export function sweepKey(area: Area, radiusKm: number, depth: SweepDepth): string {
  void area
  void radiusKm
  void depth
  throw new Error('not implemented')
}

/** The saved progress, or undefined when there is none or it cannot be read. */
export function loadProgress(key: string, backend?: ProgressBackend): Promise<SweepProgress | undefined> {
  void key
  void backend
  throw new Error('not implemented')
}

export function saveProgress(progress: SweepProgress, backend?: ProgressBackend): Promise<void> {
  void progress
  void backend
  throw new Error('not implemented')
}

export function clearProgress(key: string, backend?: ProgressBackend): Promise<void> {
  void key
  void backend
  throw new Error('not implemented')
}

/** A backend in memory (tests, and a fallback where IndexedDB is missing). */
export function memoryBackend(): ProgressBackend {
  throw new Error('not implemented')
}
