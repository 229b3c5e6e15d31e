/* global window, document, requestAnimationFrame, MutationObserver */
// Injected into the transcript benchmark's pages before their own scripts (plain JS: it runs in the browser).
// Marks when the first cue is in the DOM and the frame after it is painted; times every scroll listener (the
// virtualiser renders newly visible cues there); records each frame's main-thread work, from the first rAF
// callback of the frame to a task queued behind that frame's rendering. window.__benchListSelector names the cues.
;(() => {
  const listSelector = window.__benchListSelector
  const state = { firstCueAt: -1, firstPaintAt: -1, pendingScroll: 0 }
  window.__bench = state
  const afterPaint = (cb) =>
    requestAnimationFrame(() => {
      const channel = new window.MessageChannel()
      channel.port1.onmessage = () => cb()
      channel.port2.postMessage(0)
    })
  const activeIndex = () => {
    const el = document.querySelector(`${listSelector}[aria-current="true"], ${listSelector}.active`)
    return el ? Number(el.dataset.index) : -1
  }
  new MutationObserver((_, observer) => {
    if (!document.querySelector(listSelector)) return
    observer.disconnect()
    state.firstCueAt = window.performance.now()
    afterPaint(() => (state.firstPaintAt = window.performance.now()))
  }).observe(document, { childList: true, subtree: true })

  const wrapped = new WeakMap()
  const add = window.EventTarget.prototype.addEventListener
  const remove = window.EventTarget.prototype.removeEventListener
  window.EventTarget.prototype.addEventListener = function (type, listener, options) {
    if ((type === 'scroll' || type === 'scrollend') && typeof listener === 'function') {
      let timed = wrapped.get(listener)
      if (!timed) {
        timed = function (event) {
          const t = window.performance.now()
          try {
            return listener.call(this, event)
          } finally {
            state.pendingScroll += window.performance.now() - t
          }
        }
        wrapped.set(listener, timed)
      }
      return add.call(this, type, timed, options)
    }
    return add.call(this, type, listener, options)
  }
  window.EventTarget.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, (listener && wrapped.get(listener)) || listener, options)
  }

  window.__benchRecord = (duration) =>
    new Promise((resolve) => {
      const frames = []
      const end = window.performance.now() + duration
      let last = activeIndex()
      const onFrame = () => {
        const start = window.performance.now()
        if (start > end) return resolve(frames)
        requestAnimationFrame(onFrame) // first in every frame: registered before the player's own callback
        const scrollBefore = state.pendingScroll
        state.pendingScroll = 0
        const channel = new window.MessageChannel()
        channel.port1.onmessage = () => {
          const now = activeIndex()
          frames.push({ work: window.performance.now() - start, scrollBefore, changed: now !== last })
          last = now
        }
        channel.port2.postMessage(0)
      }
      requestAnimationFrame(onFrame)
    })
})()
