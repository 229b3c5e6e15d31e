import { createElement, useMemo, type ReactNode } from 'react'
import { PricedLink } from '#components/pricing/priced-link.tsx'
import { formatClock } from '#lib/format.ts'
import { useOpeningPrice } from '#lib/pricing/use-opening-price.ts'
import { safeReplyHtml, type SafeNode } from '../lib/safe-reply-html.ts'
import type { ReplyFormat } from '../lib/reply-search.ts'
import { HighlightedText } from './highlighted-text.tsx'

export type ReplyTextProps = {
  textDisplay: string
  textOriginal: string
  format: ReplyFormat
  pattern: RegExp | undefined
}

/** A timestamp link to a video's captions, with what opening them costs. */
function VideoMomentLink({
  to,
  videoId,
  seconds,
  children,
}: {
  to: string
  videoId: string
  seconds: number
  children: ReactNode
}) {
  const price = useOpeningPrice({ kind: 'video', videoId })
  return (
    <PricedLink
      to={to}
      className="text-sky-800 underline hover:text-sky-950"
      title={`Open the captions of ${videoId} at ${formatClock(seconds)}`}
      price={price}
      priceClassName="text-slate-600"
    >
      {children}
    </PricedLink>
  )
}

function render(nodes: readonly SafeNode[], pattern: RegExp | undefined): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return <HighlightedText key={i} text={n.text} pattern={pattern} />
      case 'br':
        return <br key={i} />
      case 'format':
        return createElement(n.tag, { key: i }, render(n.children, pattern))
      case 'link':
        return (
          <a
            key={i}
            href={n.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-sky-800 underline hover:text-sky-950"
          >
            {render(n.children, pattern)}
          </a>
        )
      case 'video-moment':
        return (
          <VideoMomentLink key={i} to={n.to} videoId={n.videoId} seconds={n.seconds}>
            {render(n.children, pattern)}
          </VideoMomentLink>
        )
    }
  })
}

/** html: textDisplay after sanitising, as React elements; plainText: textOriginal with its line breaks. */
export function ReplyText({ textDisplay, textOriginal, format, pattern }: ReplyTextProps) {
  const nodes = useMemo(
    () => (format === 'html' ? safeReplyHtml(textDisplay) : undefined),
    [format, textDisplay],
  )
  if (!nodes) {
    return (
      <p className="whitespace-pre-wrap break-words" data-format="plainText">
        <HighlightedText text={textOriginal} pattern={pattern} />
      </p>
    )
  }
  return (
    <p className="break-words" data-format="html">
      {render(nodes, pattern)}
    </p>
  )
}
