/** The coding hand-off to QDA tools: REFI-QDA project and codebook, timestamped transcripts, ELAN, the coding table. */
import { useId, useState } from 'react'
import { TRANSCRIPT_FORMATS, type TranscriptFormat } from '#contract/coding.ts'
import { codingExportUrls as urls } from '#lib/coding/coding-api.ts'

const FORMAT_NAMES: Record<TranscriptFormat, string> = {
  nvivo: 'NVivo (timestamped transcript table)',
  maxqda: 'MAXQDA (#hh:mm:ss-x# timestamps)',
  atlasti: 'ATLAS.ti (#hh:mm:ss-x# timestamps)',
}

export function CodingExportsPanel({ collectionId }: { collectionId: string }) {
  const id = useId()
  const [format, setFormat] = useState<TranscriptFormat>('nvivo')
  const link = 'text-sky-800 underline'
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h3 id={`${id}-h`} className="text-lg font-semibold">
        Export the coding
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        <li>
          <a className={link} download href={urls.qdpx(collectionId)}>
            REFI-QDA project (.qdpx)
          </a>{' '}
          — transcripts, codebook and every coding with its video link and times; opens in NVivo, MAXQDA,
          ATLAS.ti
        </li>
        <li>
          <a className={link} download href={urls.qdc(collectionId)}>
            Codebook (.qdc)
          </a>
        </li>
        <li className="flex flex-wrap items-center gap-2">
          <label className="flex items-center gap-1">
            Transcripts for
            <select
              className="rounded border px-1"
              value={format}
              onChange={(e) => setFormat(e.target.value as TranscriptFormat)}
            >
              {TRANSCRIPT_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {FORMAT_NAMES[f]}
                </option>
              ))}
            </select>
          </label>
          <a className={link} download href={urls.transcripts(collectionId, format)}>
            Timestamped transcripts ZIP ({format})
          </a>
        </li>
        <li>
          <a className={link} download href={urls.elan(collectionId)}>
            ELAN tab-delimited ZIP
          </a>{' '}
          — a transcript tier and one tier per code, per video
        </li>
        <li>
          <a className={link} download href={urls.codingsCsv(collectionId)}>
            Coding table (CSV)
          </a>{' '}
          and{' '}
          <a className={link} download href={urls.codingsProvenance(collectionId)}>
            its provenance (JSON)
          </a>
        </li>
      </ul>
    </section>
  )
}
