/** Whole files into one ZIP (client-zip: stored entries, UTF-8 names), every entry dated at the export. */
import { downloadZip } from 'client-zip'

export type ZipEntry = { name: string; input: string }

export async function zipBytes(files: readonly ZipEntry[], lastModified: Date): Promise<Uint8Array> {
  const res = downloadZip(
    files.map((f) => ({ ...f, lastModified })),
    { buffersAreUTF8: true },
  )
  return new Uint8Array(await res.arrayBuffer())
}

export const jsonFile = (name: string, value: unknown): ZipEntry => ({
  name,
  input: `${JSON.stringify(value, null, 2)}\n`,
})
