import { useMemo } from 'react'
import { linkify } from '#lib/linkify.ts'
import { cn } from '#lib/cn.ts'

export type LinkifiedTextProps = { text: string; className?: string; id?: string }

/** Plain text with its line breaks kept and its http(s) URLs as links; built from React elements, never HTML. */
export function LinkifiedText({ text, className, id }: LinkifiedTextProps) {
  const pieces = useMemo(() => linkify(text), [text])
  return (
    <p id={id} className={cn('whitespace-pre-wrap break-words', className)}>
      {pieces.map((p, i) =>
        p.kind === 'link' ? (
          <a
            key={i}
            href={p.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-sky-800 underline hover:text-sky-950"
          >
            {p.text}
          </a>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  )
}
