import { RTL_LANGUAGES, type Channel, type HlCode } from '#contract/index.ts'
import { LinkifiedText } from '#components/ui/linkified-text.tsx'
import { safeHttpUrl } from '#lib/linkify.ts'
import { ChannelDetails } from './channel-details.tsx'
import { ChannelHeader } from './channel-header.tsx'
import { ChannelKeywords } from './channel-keywords.tsx'
import { ChannelStats } from './channel-stats.tsx'
import { ChannelTopics } from './channel-topics.tsx'

export type ChannelProfileProps = { channel: Channel; hl: HlCode | undefined }

/** Everything the service says about one channel, each field where a reader would look for it. */
export function ChannelProfile({ channel: c, hl }: ChannelProfileProps) {
  const banner = c.bannerExternalUrl ? safeHttpUrl(c.bannerExternalUrl) : undefined
  const dir = hl && RTL_LANGUAGES.has(hl) ? 'rtl' : 'auto'
  return (
    <article aria-labelledby="channel-title" className="space-y-6">
      <ChannelHeader channel={c} hl={hl} dir={dir} banner={banner} />
      <ChannelStats channel={c} />

      <section aria-labelledby="channel-about" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="channel-about" className="font-semibold">
          Description
        </h2>
        {c.description ? (
          <div lang={hl} dir={dir}>
            <LinkifiedText text={c.description} className="mt-2 text-slate-800" />
          </div>
        ) : (
          <p className="mt-2 text-slate-600">The channel has no description.</p>
        )}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <ChannelKeywords keywords={c.keywords} />
        <ChannelTopics topicCategories={c.topicCategories} topicIds={c.topicIds} />
      </div>

      <ChannelDetails channel={c} banner={banner} />
    </article>
  )
}
