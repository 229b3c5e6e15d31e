/** Test helper: a `.qdpx` read strictly (every ZIP check of the SPA's reader), its project.qde and sources as text. */
import { readZip } from '#test-readers/read-zip.ts'

export type Qdpx = { qde: string; sources: Record<string, string>; files: Record<string, string> }

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

export function readQdpx(bytes: Uint8Array): Qdpx {
  const files = Object.fromEntries(Object.entries(readZip(bytes)).map(([name, b]) => [name, utf8.decode(b)]))
  const qde = files['project.qde']
  if (qde === undefined) throw new Error('The archive has no project.qde at its root.')
  const sources = Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith('sources/')))
  return { qde, sources, files }
}
