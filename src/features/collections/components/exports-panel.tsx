/** The whole corpus as files: a ZIP of tracks in a chosen format (manifest and provenance inside) or plain text for AntConc. */
import { useId, useState } from 'react'
import { exportUrls } from '#lib/collections/collections-api.ts'

const FORMATS = ['srt', 'vtt', 'ttml', 'csv', 'text', 'json'] as const

export function ExportsPanel({ collectionId }: { collectionId: string }) {
  const id = useId()
  const [format, setFormat] = useState<(typeof FORMATS)[number]>('srt')
  const [timestamps, setTimestamps] = useState(false)
  const link = 'text-sky-800 underline'
  return (
    <section aria-labelledby={`${id}-h`} className="flex flex-col gap-2">
      <h2 id={`${id}-h`} className="text-xl font-semibold">
        Export the corpus
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-1">
          Format
          <select
            className="rounded border px-1"
            value={format}
            onChange={(e) => setFormat(e.target.value as typeof format)}
          >
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
        <a
          className={link}
          download
          href={exportUrls.corpusZip(collectionId, { format, timestamps: false, plain: false })}
        >
          Corpus ZIP ({format})
        </a>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={timestamps} onChange={(e) => setTimestamps(e.target.checked)} />
          Timestamps in the plain text
        </label>
        <a
          className={link}
          download
          href={exportUrls.corpusZip(collectionId, { format: 'text', timestamps, plain: true })}
        >
          Plain-text corpus (one .txt per video, for AntConc)
        </a>
      </div>
    </section>
  )
}
