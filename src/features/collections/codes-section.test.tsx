// @vitest-environment jsdom
import { beforeEach, afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { CodeList, CodingList } from '#contract/coding.ts'
import { codedCollection } from '#testing/coding-fixture.ts'
import { appRoutes, renderRoute } from '#testing/render-route.tsx'

const routes = await appRoutes('collections')
const slow = { timeout: 15_000 }

// jsdom lays nothing out: give the videos' scroller a size so the virtualiser renders rows.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400)
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(52)
  localStorage.setItem('poix.coder-name', 'Ann Coder')
})
afterEach(() => vi.restoreAllMocks())

const codesOf = async (id: string) =>
  CodeList.parse(await (await fetch(`/api/collections/${id}/codes`)).json()).codes
const codingsOf = async (id: string) =>
  CodingList.parse(await (await fetch(`/api/collections/${id}/codings`)).json()).codings

/** The collection's page with one code created through its New code form; the code is listed. */
async function withFirstCode(collectionId: string, name: string) {
  const { user } = renderRoute(routes, { at: `/collections/${collectionId}` })
  const section = await screen.findByRole('region', { name: 'Codes' }, slow)
  const form = await within(section).findByRole('form', { name: 'New code' }, slow)
  await user.type(within(form).getByLabelText('Name'), name)
  await user.click(within(form).getByRole('button', { name: 'Create code' }))
  await within(section).findByRole('button', { name: `Edit ${name}` }, slow)
  return { user, section }
}

describe('the collection’s Codes section', { timeout: 90_000 }, () => {
  it('creates, nests and recolours codes; deleting says how many codings go and asks first', async () => {
    const { collection } = await codedCollection('Codebook', ['dQw4w9WgXcQ'], [])
    const { user, section } = await withFirstCode(collection.id, 'memory')
    // The form is empty again for the next code, which goes under memory.
    const again = within(section).getByRole('form', { name: 'New code' })
    expect((within(again).getByLabelText('Name') as HTMLInputElement).value).toBe('')
    await user.type(within(again).getByLabelText('Name'), 'childhood')
    await user.selectOptions(within(again).getByLabelText('Parent'), 'memory')
    await user.click(within(again).getByRole('button', { name: 'Create code' }))
    await within(section).findByRole('button', { name: 'Edit childhood' }, slow)
    const [memory, childhood] = await codesOf(collection.id).then((c) => [
      c.find((x) => x.name === 'memory')!,
      c.find((x) => x.name === 'childhood')!,
    ])
    expect(childhood!.parentId).toBe(memory!.id)
    // Two codes get two colours.
    expect(childhood!.color).not.toBe(memory!.color)

    // Rename and describe; a code cannot be moved under its own child.
    await user.click(within(section).getByRole('button', { name: 'Edit memory' }))
    const edit = within(section).getByRole('form', { name: 'Edit memory' })
    expect(
      within(within(edit).getByLabelText('Parent')).queryByRole('option', { name: /childhood/ }),
    ).toBeNull()
    await user.clear(within(edit).getByLabelText('Name'))
    await user.type(within(edit).getByLabelText('Name'), 'remembering')
    await user.type(within(edit).getByLabelText('Description'), 'looking back')
    await user.click(within(edit).getByRole('button', { name: 'Save code' }))
    await within(section).findByRole('button', { name: 'Edit remembering' }, slow)
    expect(within(section).getByText('— looking back')).toBeTruthy()

    // A code with children is not deleted: the dialog says why.
    await user.click(within(section).getByRole('button', { name: 'Delete remembering' }))
    const blocked = within(section).getByRole('alertdialog', { name: 'Delete remembering?' })
    expect(blocked.textContent).toMatch(/Move or delete the codes under remembering first/)
    await user.click(within(blocked).getByRole('button', { name: 'Close' }))

    // Deleting a coded code names its codings and asks first.
    await fetch(`/api/collections/${collection.id}/codings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        codeIds: [childhood!.id],
        segment: { kind: 'cues', videoId: 'dQw4w9WgXcQ', start: 0, end: 30 },
        coder: 'Ann Coder',
      }),
    })
    await user.click(within(section).getByRole('button', { name: 'Delete childhood' }))
    const ask = await within(section).findByRole('alertdialog', { name: 'Delete childhood?' })
    await waitFor(
      () => expect(ask.textContent).toMatch(/Delete childhood and its 1 coding\? This cannot be undone\./),
      slow,
    )
    expect(await codesOf(collection.id)).toHaveLength(2)
    await user.click(within(ask).getByRole('button', { name: 'Delete childhood and 1 coding' }))
    await waitFor(
      () => expect(within(section).queryByRole('button', { name: 'Edit childhood' })).toBeNull(),
      slow,
    )
    expect(await codesOf(collection.id)).toHaveLength(1)
    expect(await codingsOf(collection.id)).toEqual([])
  })

  it('keeps a name typed for the next code while the list is still refreshing after the last one', async () => {
    const { collection } = await codedCollection('Typing ahead', ['dQw4w9WgXcQ'], [])
    // Hold the codings' refresh back until the next name is typed: the codes list is shown by then.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    let asked = 0
    let answered = 0
    const inner = globalThis.fetch
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (url.includes(`/api/collections/${collection.id}/codings`) && (init?.method ?? 'GET') === 'GET') {
        asked += 1
        return held.then(() => inner(input, init)).finally(() => (answered += 1))
      }
      return inner(input, init)
    })
    const { user, section } = await withFirstCode(collection.id, 'memory')
    const next = within(within(section).getByRole('form', { name: 'New code' })).getByLabelText('Name')
    await user.type(next, 'childhood')
    release()
    // Every codings request has been answered and rendered (the segments list shows them), and nothing is saving.
    await waitFor(() => {
      expect(answered).toBe(asked)
      expect(within(section).getByText('Nothing is coded yet.')).toBeTruthy()
      expect(within(section).getByRole('button', { name: 'Create code' })).toBeTruthy()
    }, slow)
    expect(asked).toBeGreaterThan(0)
    expect(
      (
        within(within(section).getByRole('form', { name: 'New code' })).getByLabelText(
          'Name',
        ) as HTMLInputElement
      ).value,
    ).toBe('childhood')
  })

  it('codes a KWIC hit from its line by keyboard; the hit shows its code, the segments list links to the moment', async () => {
    const { collection, codes } = await codedCollection(
      'Hits',
      ['dQw4w9WgXcQ'],
      [{ name: 'refrain', color: '#76b7b2' }],
    )
    const { user } = renderRoute(routes, { at: `/collections/${collection.id}?q=never` })
    await waitFor(
      () => expect(screen.getByTestId('corpus-total').textContent).toMatch(/^Lines 1–\d+ of \d+ hits$/),
      slow,
    )
    const kwic = screen.getByRole('table', { name: /^Keyword in context/ })
    const code = within(kwic).getAllByRole('button', { name: /^Code the hit at / })[0]!
    code.focus()
    await user.keyboard('{Enter}')
    expect(code.getAttribute('aria-expanded')).toBe('true')
    const form = within(kwic).getByRole('form', { name: /^Code the hit “/ })
    await user.click(within(form).getByRole('checkbox', { name: /refrain/ }))
    await user.click(within(form).getByRole('button', { name: 'Apply to this hit' }))
    await waitFor(() => expect(within(kwic).queryByRole('form')).toBeNull(), slow)
    await waitFor(
      () => expect(within(kwic).getAllByRole('list', { name: 'Codes applied' }).length).toBeGreaterThan(0),
      slow,
    )
    const [coding] = await codingsOf(collection.id)
    expect(coding).toMatchObject({
      codeId: codes[0]!.id,
      coder: 'Ann Coder',
      segment: { kind: 'cues', videoId: 'dQw4w9WgXcQ' },
    })
    expect(coding!.segment.kind === 'cues' && coding!.segment.firstSeq).toBe(
      coding!.segment.kind === 'cues' && coding!.segment.lastSeq,
    )

    const section = screen.getByRole('region', { name: 'Codes' })
    const group = await within(section).findByRole('region', { name: 'refrain: 1 coded segment' }, slow)
    const open = within(group).getByRole('link', { name: /^Open \d+:\d\d–\d+:\d\d in / })
    expect(open.getAttribute('href')).toMatch(
      new RegExp(`^/videos/dQw4w9WgXcQ\\?lang=en&mode=default&t=\\d+&collection=${collection.id}$`),
    )
  })
})
