/**
 * Timestamped transcripts, one file per video, in the formats the QDA tools import (docs/decisions/0167): NVivo's
 * transcript rows (`h:mm:ss.mmm - h:mm:ss.mmm<TAB>content`), MAXQDA and ATLAS.ti time marks (`#hh:mm:ss-mmm#`
 * before and after each cue). UTF-8 with a BOM, CRLF: what the Windows versions of the tools read without asking.
 */
import { UTF8_BOM } from '#contract/csv-writer.ts'
import type { CodingProject, ExportFile, ProjectVideo, TranscriptFormat } from './coding-project.ts'
import { codingFileName, codingProvenanceHead, TRANSCRIPT_NOTE } from './export-files.ts'
import { hms } from './moments.ts'
import { timedLines, type TimedLine } from './transcript-lines.ts'
import { jsonFile, zipBytes } from './zip-files.ts'

/** `0:01:23.400`: NVivo's timespan (hours not padded). */
const nvivoTime = (ms: number): string => hms(ms).replace(/^0(\d)/, '$1')

/** `#00:01:23-400#`: the f4/f5 time mark MAXQDA and ATLAS.ti read, its fraction in milliseconds. */
const timeMark = (ms: number): string => `#${hms(ms).replace('.', '-')}#`

const ROW: Record<TranscriptFormat, (l: TimedLine) => string> = {
  nvivo: (l) => `${nvivoTime(l.startMs)} - ${nvivoTime(l.endMs)}\t${l.text}`,
  maxqda: (l) => `${timeMark(l.startMs)} ${l.text} ${timeMark(l.endMs)}`,
  atlasti: (l) => `${timeMark(l.startMs)} ${l.text} ${timeMark(l.endMs)}`,
}

const HOW_TO_IMPORT: Record<TranscriptFormat, string> = {
  nvivo:
    'NVivo: import the video (or link it as an external video), open it, Edit, then Transcript > Import Rows (Import Transcript Entries); one row per line, the Timespan before the tab, the Content after it.',
  maxqda:
    'MAXQDA: Import > Transcripts > Transcript with Timestamps, choose the file, then the video file (or skip the media and link it later).',
  atlasti:
    'ATLAS.ti: add the video as a document, then Import Transcript on it (or add the file as a transcript of the video); the #hh:mm:ss-mmm# marks link each line to its moment.',
}

const TIME_FORMAT: Record<TranscriptFormat, string> = {
  nvivo: 'h:mm:ss.mmm - h:mm:ss.mmm, a tab, the text (one transcript row per line)',
  maxqda: '#hh:mm:ss-mmm# text #hh:mm:ss-mmm#, the digits after the hyphen milliseconds',
  atlasti: '#hh:mm:ss-mmm# text #hh:mm:ss-mmm#, the digits after the hyphen milliseconds',
}

function transcriptFile(video: ProjectVideo, format: TranscriptFormat): string {
  return `${UTF8_BOM}${timedLines(video)
    .map((l) => `${ROW[format](l)}\r\n`)
    .join('')}`
}

const transcriptPath = (video: ProjectVideo): string => `${video.videoId}.txt`

function manifest(p: CodingProject, format: TranscriptFormat) {
  return {
    ...codingProvenanceHead(
      p,
      `Timestamped transcripts (${format}) of the collection "${p.collection.name}"`,
    ),
    kind: 'poix-timestamped-transcripts',
    format,
    timeFormat: TIME_FORMAT[format],
    howToImport: HOW_TO_IMPORT[format],
    times:
      "A line runs from its cue's start to its end, or to the next cue's start where captions overlap (rolling layouts); milliseconds exact.",
    text: `${TRANSCRIPT_NOTE} Line breaks inside a cue are written as spaces.`,
    encoding: 'UTF-8 with a byte order mark, CRLF line ends',
    files: p.videos.length,
    videos: p.videos.map((v) => ({
      videoId: v.videoId,
      title: v.title,
      channelTitle: v.channelTitle,
      publishedAt: v.publishedAt,
      url: v.url,
      lang: v.lang,
      cues: v.cues.length,
      file: transcriptPath(v),
    })),
  }
}

export async function writeTranscriptsZip(p: CodingProject, format: TranscriptFormat): Promise<ExportFile> {
  const body = await zipBytes(
    [
      jsonFile('manifest.json', manifest(p, format)),
      ...p.videos.map((v) => ({ name: transcriptPath(v), input: transcriptFile(v, format) })),
    ],
    p.exportedAt,
  )
  return { name: codingFileName(p, `transcripts-${format}`, 'zip'), contentType: 'application/zip', body }
}
