import { Badge } from '#components/ui/badge.tsx'
import { safeHttpUrl } from '#lib/linkify.ts'
import { topicLabel } from '#lib/topic-labels.ts'

export type ChannelTopicsProps = {
  topicCategories: readonly string[] | undefined
  topicIds: readonly string[] | undefined
}

/** The channel's topics, each a link to its page when the URL is safe, and the raw topic ids. */
export function ChannelTopics({ topicCategories = [], topicIds = [] }: ChannelTopicsProps) {
  return (
    <section aria-labelledby="channel-topics" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="channel-topics" className="font-semibold">
        Topics
      </h2>
      {topicCategories.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {topicCategories.map((uri) => {
            const href = safeHttpUrl(uri)
            return (
              <li key={uri}>
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="rounded-full bg-sky-50 px-2.5 py-0.5 text-sm text-sky-900 underline ring-1 ring-sky-200"
                  >
                    {topicLabel(uri)}
                  </a>
                ) : (
                  <Badge>{topicLabel(uri)}</Badge>
                )}
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600">No topics.</p>
      )}
      {topicIds.length > 0 && <p className="mt-2 text-xs text-slate-600">Topic ids: {topicIds.join(', ')}</p>}
    </section>
  )
}
