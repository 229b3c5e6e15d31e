/* global window, document, requestAnimationFrame, MutationObserver */
// Injected into the collection view benchmark's page before its own scripts (plain JS: it runs in the browser).
// Marks when the first video's title (window.__benchFirstTitle) is in the DOM and when the frame after it is
// painted: independent of the view's markup, so it measures whatever list the view renders.
;(() => {
  const title = window.__benchFirstTitle
  const state = { firstRowAt: -1, firstPaintAt: -1 }
  window.__bench = state
  new MutationObserver((_, observer) => {
    if (!document.body || !document.body.textContent.includes(title)) return
    observer.disconnect()
    state.firstRowAt = window.performance.now()
    requestAnimationFrame(() => {
      const channel = new window.MessageChannel()
      channel.port1.onmessage = () => (state.firstPaintAt = window.performance.now())
      channel.port2.postMessage(0)
    })
  }).observe(document, { childList: true, subtree: true, characterData: true })
})()
