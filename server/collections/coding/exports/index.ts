/** The coding export writers: pure functions from a CodingProject to whole files. */
import type { CodingWriters } from './coding-project.ts'
import { codingsCsvProvenance, writeCodingsCsv } from './write-codings-csv.ts'
import { writeElanZip } from './write-elan.ts'
import { writeQdc } from './write-qdc.ts'
import { writeQdpx } from './write-qdpx.ts'
import { writeTranscriptsZip } from './write-transcripts.ts'

export * from './coding-project.ts'

/** Checked against the agreed signatures. */
export const codingWriters: CodingWriters = {
  writeQdpx,
  writeQdc,
  writeTranscriptsZip,
  writeElanZip,
  writeCodingsCsv,
  codingsCsvProvenance,
}
