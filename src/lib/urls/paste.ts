/** Where in the dashboard a pasted link or id is shown: the paste box loads it on submit, with the views' builders. */
import type { PasteTarget } from '#contract/paste.ts'
import { channelsPath } from './channels.ts'
import { repliesPath } from './replies.ts'
import { DEFAULT_RADIUS, DEFAULT_UNIT, searchPath } from './search.ts'
import { videoPath } from './videos.ts'

/** Where in the dashboard a pasted thing is shown. */
export function pasteTargetUrl(target: PasteTarget): string {
  switch (target.kind) {
    case 'video':
      return videoPath(target.videoId, { t: target.t })
    case 'channel':
      if (target.by === 'id') return channelsPath({ by: 'id', id: target.channelId })
      if (target.by === 'handle') return channelsPath({ by: 'handle', handle: target.handle })
      return channelsPath({ by: 'username', username: target.username })
    case 'comment':
      return repliesPath(target.parentId, { reply: target.replyId, video: target.videoId })
    case 'location':
      return searchPath({
        lat: target.lat,
        lng: target.lng,
        radius: Number(DEFAULT_RADIUS),
        unit: DEFAULT_UNIT,
      })
  }
}
