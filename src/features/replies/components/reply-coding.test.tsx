// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import type { CommentReply } from '#contract/index.ts'
import { CodingList } from '#contract/coding.ts'
import { jsonResponse, stubApi } from '#testing/api-stub.ts'
import { codedCollection } from '#testing/coding-fixture.ts'
import { receiptHeaders } from '#testing/receipt-headers.ts'
import { renderRoute } from '#testing/render-route.tsx'
import { DEFAULT_STATE } from '../lib/replies-url-state.ts'
import { ReplyThread } from './reply-thread.tsx'

const PARENT = 'UgzTestParentComment4AaABAg'
const at = '2024-01-01T00:00:00.000Z'
const replies: CommentReply[] = [
  {
    id: `${PARENT}.reply00000000000000001`,
    parentId: PARENT,
    textOriginal: '',
    textDisplay: 'so <b>true</b><br>still',
    authorDisplayName: 'Bea',
    likeCount: 2,
    publishedAt: at,
    updatedAt: at,
  },
]

/** The thread is served here; every other request (collections, codes, codings) reaches the real function. */
beforeEach(() => {
  localStorage.setItem('poix.coder-name', 'Ann Coder')
  stubApi((req) => {
    const url = new URL(req.url)
    if (url.pathname === '/api/commentReplies')
      return jsonResponse({ data: replies }, 200, receiptHeaders('0.00013', 'MISS'))
    return globalThis.__poixInProcessApi!(req)
  })
})

describe('coding replies', { timeout: 60_000 }, () => {
  it('with a collection chosen, a reply is coded as shown (plain text) with the video its link named, and its card shows the code', async () => {
    const { collection, codes } = await codedCollection(
      'Replies',
      [],
      [{ name: 'agreement', color: '#59a14f' }],
    )
    const { user } = renderRoute(
      <ReplyThread
        parentCommentId={PARENT}
        state={{ ...DEFAULT_STATE, collection: collection.id, video: 'dQw4w9WgXcQ' }}
        onStateChange={() => {}}
      />,
    )
    const card = await screen.findByRole('article', { name: 'Bea' }, { timeout: 15_000 })
    await user.click(within(card).getByRole('button', { name: 'Code the reply by Bea' }))
    const form = within(card).getByRole('form', { name: 'Code the reply by Bea' })
    await user.click(await within(form).findByRole('checkbox', { name: /agreement/ }, { timeout: 10_000 }))
    await user.click(within(form).getByRole('button', { name: 'Apply to this reply' }))
    await waitFor(
      () =>
        expect(within(card).getByRole('list', { name: 'Codes applied' }).textContent).toMatch(/agreement/),
      {
        timeout: 10_000,
      },
    )
    const stored = CodingList.parse(await (await fetch(`/api/collections/${collection.id}/codings`)).json())
    expect(stored.codings).toEqual([
      expect.objectContaining({
        codeId: codes[0]!.id,
        coder: 'Ann Coder',
        segment: {
          kind: 'reply',
          videoId: 'dQw4w9WgXcQ',
          commentId: replies[0]!.id,
          parentId: PARENT,
          author: 'Bea',
          publishedAt: at,
          text: 'so true\nstill',
        },
      }),
    ])
    // Removing the chip removes the coding.
    await user.click(within(card).getByRole('button', { name: 'Remove the code agreement' }))
    await waitFor(() => expect(within(card).queryByRole('list', { name: 'Codes applied' })).toBeNull(), {
      timeout: 10_000,
    })
  })

  it('without a collection, cards have no Code button and no collection list is asked', async () => {
    const asked: string[] = []
    stubApi((req) => {
      const url = new URL(req.url)
      asked.push(url.pathname)
      if (url.pathname === '/api/commentReplies')
        return jsonResponse({ data: replies }, 200, receiptHeaders('0.00013', 'MISS'))
      return globalThis.__poixInProcessApi!(req)
    })
    renderRoute(<ReplyThread parentCommentId={PARENT} state={DEFAULT_STATE} onStateChange={() => {}} />)
    const card = await screen.findByRole('article', { name: 'Bea' }, { timeout: 15_000 })
    expect(within(card).queryByRole('button', { name: /^Code/ })).toBeNull()
    expect(screen.getByText('Code these replies into a collection')).toBeTruthy()
    expect(asked.filter((p) => p.startsWith('/api/collections'))).toEqual([])
  })
})
