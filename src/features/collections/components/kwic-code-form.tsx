/** The codes to apply to one KWIC hit, with a memo: opened from the hit's Code button, under its line. */
import { ApplyCodesForm } from '#components/coding/apply-codes-form.tsx'
import { errorMessage } from '#lib/api-client.ts'
import type { KwicCoding } from '../hooks/use-kwic-coding.ts'
import type { KwicLine } from '../api/corpus-search.ts'

type Props = { line: KwicLine; where: string; coding: KwicCoding; onClose: () => void }

export function KwicCodeForm({ line, where, coding, onClose }: Props) {
  const { apply } = coding.changes
  return (
    <ApplyCodesForm
      codes={coding.codes}
      item={`the hit “${line.hit ?? line.text}” at ${where}`}
      blocked={
        coding.coder
          ? undefined
          : 'Set your coder name in the Codes section below first: each coding records who made it.'
      }
      failure={apply.isError ? errorMessage(apply.error) : undefined}
      pending={apply.isPending}
      submitLabel="Apply to this hit"
      onApply={(codeIds, memo) => coding.apply(line, codeIds, memo, onClose)}
      onClose={onClose}
    />
  )
}
