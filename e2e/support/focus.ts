/** Keyboard checks: which controls Tab reaches, and whether each shows a visible focus indicator when reached. */
import type { Page } from '@playwright/test'

type FocusStop = {
  /** Tag, role and accessible name (or label) of the focused element. */
  name: string
  /** :focus-visible matched and the outline or box-shadow differs from the unfocused look. */
  indicator: boolean
  /** Outline and box-shadow when focused, for the report. */
  focused: string
}

export type KeyboardWalk = {
  stops: FocusStop[]
  /** Visible, enabled controls that Tab never reached. */
  unreached: string[]
}

/** What the walk saw: each element, its look while focused and (once Tab moved on) at rest. */
type Probe = { els: Element[]; styles: string[]; rest: string[]; visible: boolean[] }

/** Presses Tab from the top of the page until focus comes back round (or `max` presses). */
export async function walkWithTab(page: Page, max = 200): Promise<KeyboardWalk> {
  // Start from the top: focus a non-tabbable marker placed first in <body> (blur alone keeps the last starting point).
  await page.evaluate(() => {
    const w = window as unknown as { __probe: Probe }
    w.__probe = { els: [], styles: [], rest: [], visible: [] }
    const start = document.createElement('div')
    start.tabIndex = -1
    start.id = 'keyboard-walk-start'
    document.body.prepend(start)
    start.focus()
  })
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const again = await page.evaluate(() => {
      const w = window as unknown as { __probe: Probe }
      const look = (e: Element) => {
        const cs = getComputedStyle(e)
        return `outline: ${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}; box-shadow: ${cs.boxShadow}`
      }
      // The element Tab just left is at rest now: read its look while it is still in the page.
      const left = w.__probe.els.length - 1
      if (left >= 0 && w.__probe.rest[left] === undefined) w.__probe.rest[left] = look(w.__probe.els[left]!)
      const el = document.activeElement
      if (!el || el === document.body || el.id === 'keyboard-walk-start') return false
      if (w.__probe.els.includes(el)) return true
      w.__probe.els.push(el)
      w.__probe.styles.push(look(el))
      w.__probe.visible.push(el.matches(':focus-visible'))
      return false
    })
    if (again) break
  }
  return page.evaluate(() => {
    const w = window as unknown as { __probe: Probe }
    document.getElementById('keyboard-walk-start')?.remove()
    const nameOf = (el: Element) => {
      const h = el as HTMLElement
      const labelled = h
        .getAttribute('aria-labelledby')
        ?.split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
      const byFor = h.id ? document.querySelector(`label[for="${CSS.escape(h.id)}"]`)?.textContent : undefined
      const wrapping = h.closest('label')?.textContent
      const name =
        h.getAttribute('aria-label') ||
        labelled ||
        byFor ||
        wrapping ||
        h.textContent ||
        h.getAttribute('title') ||
        h.getAttribute('placeholder') ||
        ''
      const role = h.getAttribute('role')
      return `${h.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name.replace(/\s+/g, ' ').trim().slice(0, 70)}"`
    }
    const last = w.__probe.els.length - 1
    if (last >= 0 && w.__probe.rest[last] === undefined) {
      const el = w.__probe.els[last] as HTMLElement
      el.blur()
      const cs = getComputedStyle(el)
      w.__probe.rest[last] =
        `outline: ${cs.outlineStyle} ${cs.outlineWidth} ${cs.outlineColor}; box-shadow: ${cs.boxShadow}`
    }
    const stops = w.__probe.els.map((el, i) => {
      const focusedText = w.__probe.styles[i]!
      const focusedOutline = /^outline: (?!none)\S+ (?!0px)[\d.]+px (?!rgba\(0, 0, 0, 0\))/.test(focusedText)
      const focusedShadow = !/box-shadow: none$/.test(focusedText)
      // Visible means focus adds something: an outline or a box-shadow ring (Tailwind's ring utilities) that rest lacks.
      const changed = focusedText !== w.__probe.rest[i]
      return {
        name: nameOf(el),
        indicator: w.__probe.visible[i]! && changed && (focusedOutline || focusedShadow),
        focused: focusedText,
      }
    })
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'
    const unreached: string[] = []
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue
      if ((el as HTMLButtonElement).disabled || el.closest('[inert],[aria-hidden="true"]')) continue
      // A radio group is one Tab stop: the checked radio (or the first when none is).
      if (el instanceof HTMLInputElement && el.type === 'radio' && el.name) {
        const group = [
          ...document.querySelectorAll<HTMLInputElement>(`input[type=radio][name="${CSS.escape(el.name)}"]`),
        ]
        if ((group.find((g) => g.checked) ?? group[0]) !== el) continue
      }
      if (!w.__probe.els.includes(el)) unreached.push(nameOf(el))
    }
    return { stops, unreached }
  })
}
