/** Caption writers shared by the simulator (the service's files) and the SPA (free conversions of a bought JSON track). */
export type { DisplayCue, WriterNote } from './types.ts'
export { clippedEndMs, clockStamp, toMs } from './timing.ts'
export { displayLines, escapeVtt, escapeXml, XML_DECLARATION } from './escaping.ts'
export { writeSrt } from './srt.ts'
export { plainVttBlock, vttHeader, writePlainVtt } from './vtt.ts'
export { writeTtml } from './ttml.ts'
export { CSV_FIELDS, writeCaptionCsv } from './csv.ts'
export { oneLine, writeCaptionText } from './text.ts'
