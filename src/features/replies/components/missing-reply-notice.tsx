import { PricedButton } from '#components/pricing/priced-button.tsx'
import { REPLIES_PRICE_USD } from '../api/queries.ts'

export type MissingReplyNoticeProps = {
  replyId: string
  loaded: number
  hasNextPage: boolean
  loadingAll: boolean
  onLoadUntilFound: () => void
}

/** The linked reply is not among those loaded: offer to load until it is found, or say it is not in the thread. */
export function MissingReplyNotice({
  replyId,
  loaded,
  hasNextPage,
  loadingAll,
  onLoadUntilFound,
}: MissingReplyNoticeProps) {
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {hasNextPage ? (
        <>
          <p>
            Reply <code>{replyId}</code> is not among the {loaded} replies loaded so far.
          </p>
          {!loadingAll && (
            <PricedButton
              className="mt-2"
              size="sm"
              label="Load pages until it is found"
              priceUsd={REPLIES_PRICE_USD}
              estimate
              onClick={onLoadUntilFound}
            />
          )}
        </>
      ) : (
        <p>
          Reply <code>{replyId}</code> is not in this thread ({loaded} replies, all loaded).
        </p>
      )}
    </div>
  )
}
