/**
 * Where the streamed ZIP goes: straight to a file the researcher picks (File System Access API, written as it
 * arrives), or, where that API is missing (Firefox, Safari, headless browsers), a normal download once it is
 * complete (docs/decisions/0077-bulk-streamed-zip.md).
 */
import { downloadBlob } from '#lib/export/download.ts'

type WritableFile = WritableStream<Uint8Array>
type FileHandle = { createWritable(): Promise<WritableFile> }
type SaveFilePicker = (options: {
  suggestedName: string
  types: { description: string; accept: Record<string, string[]> }[]
}) => Promise<FileHandle>

export type SaveTarget =
  { kind: 'file'; name: string; writable: WritableFile } | { kind: 'download'; name: string }

export type SaveMethod = SaveTarget['kind']

function picker(): SaveFilePicker | undefined {
  const candidate = (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker
  return typeof candidate === 'function' ? (candidate as SaveFilePicker).bind(globalThis) : undefined
}

/** True when the browser can stream to a file the researcher chooses. */
export function canStreamToFile(): boolean {
  return picker() !== undefined
}

/**
 * Must be called straight from the click (the picker needs the user's gesture).
 * Resolves to null when the researcher cancels the picker.
 */
export async function chooseSaveTarget(
  method: SaveMethod,
  suggestedName: string,
): Promise<SaveTarget | null> {
  const show = picker()
  if (method === 'download' || !show) return { kind: 'download', name: suggestedName }
  try {
    const handle = await show({
      suggestedName,
      types: [{ description: 'ZIP archive', accept: { 'application/zip': ['.zip'] } }],
    })
    return { kind: 'file', name: suggestedName, writable: await handle.createWritable() }
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') return null
    throw e
  }
}

/** Resolves when the ZIP is fully written (file) or handed to the browser (download). */
export async function saveZip(zip: Response, target: SaveTarget): Promise<void> {
  if (!zip.body) throw new Error('The ZIP has no body to save.')
  if (target.kind === 'file') {
    await zip.body.pipeTo(target.writable)
    return
  }
  // Chromium pages large Blobs out to disk; other browsers hold them in memory, hence the picker when available.
  const blob = await zip.blob()
  downloadBlob(
    blob.type === 'application/zip' ? blob : new Blob([blob], { type: 'application/zip' }),
    target.name,
  )
}

/** `captions-bulk-2026-05-01T10-31-05Z.zip`: sortable and safe on every file system. */
export function bulkZipName(startedAt: Date): string {
  return `captions-bulk-${startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.zip`
}
