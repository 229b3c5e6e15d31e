import type { PasteTarget } from '#contract/index.ts'

/** Where in the dashboard a pasted thing is shown (ARCHITECTURE.md, URLs of the SPA). */
export function pasteTargetUrl(target: PasteTarget): string {
  switch (target.kind) {
    case 'video':
      return `/videos/${target.videoId}${target.t !== undefined ? `?t=${target.t}` : ''}`
    case 'channel':
      if (target.by === 'id') return `/channels/${target.channelId}`
      if (target.by === 'handle') return `/channels/${encodeURIComponent(target.handle).replace('%40', '@')}`
      return `/channels/user/${encodeURIComponent(target.username)}`
    case 'comment':
      return `/replies/${target.parentId}${target.replyId ? `?reply=${encodeURIComponent(target.replyId)}` : ''}`
    case 'location':
      return `/search?location=${target.lat},${target.lng}&radius=10&unit=km`
  }
}
