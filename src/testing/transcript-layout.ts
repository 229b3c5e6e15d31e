/** jsdom lays nothing out: sizes for the virtualised transcript (a viewport, rows of 40 px), set for one test file. */
import { afterAll, beforeAll } from 'vitest'

export function layOutTranscript(): void {
  const realOffsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 })
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 })
    // Rows measure 40 px each, as a one-line cue would.
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-index') ? 40 : 0
      },
    })
  })
  afterAll(() => {
    // clientHeight/clientWidth's real getters live on Element.prototype: removing the overrides restores them.
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight')
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth')
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', realOffsetHeight)
  })
}
