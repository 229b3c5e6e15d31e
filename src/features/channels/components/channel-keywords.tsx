import { parseKeywords } from '#lib/keywords.ts'

export type ChannelKeywordsProps = { keywords: string | undefined }

/** The channel's keywords, one chip each. */
export function ChannelKeywords({ keywords: text }: ChannelKeywordsProps) {
  const keywords = parseKeywords(text)
  return (
    <section aria-labelledby="channel-keywords" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="channel-keywords" className="font-semibold">
        Keywords
      </h2>
      {keywords.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Keywords">
          {keywords.map((k) => (
            <li
              key={k}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm text-slate-800 ring-1 ring-slate-300"
            >
              {k}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">No keywords.</p>
      )}
    </section>
  )
}
