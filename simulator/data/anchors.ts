/** Fixed identifiers in the demo data that tests and docs rely on. Each is asserted in data/dataset.test.ts. */

export const ANCHOR_VIDEO_ID = 'dQw4w9WgXcQ'

export const ANCHOR_CHANNEL = {
  id: 'UCuAXFkgsw1L7xaCfnd5JJOw',
  customUrl: '@rickastleyyt',
  username: 'RickAstleyVEVO',
} as const

/** Top-level comment on the anchor video with ANCHOR_COMMENT_REPLY_COUNT replies (four pages of 100). */
export const ANCHOR_COMMENT_ID = 'UgzoQVUwDeGW1IS5_uR4AaABAg'
export const ANCHOR_COMMENT_REPLY_COUNT = 312

/** Thread whose replies carry hostile markup in textDisplay (script, onerror, javascript: links, iframe). */
export const HOSTILE_COMMENT_ID = 'UgxHostileThreadXSS4AaABAg'
export const HOSTILE_VIDEO_ID = 'Xs5eP0vHq2c'

/** Thread with more than 300 replies on another video. */
export const BIG_COMMENT_ID = 'UgyBigThread400Rply4AaABAg'
export const BIG_COMMENT_REPLY_COUNT = 400
/** Threads at page boundaries: none, one, exactly a page, a page and one. */
export const EMPTY_COMMENT_ID = 'UgwNoRepliesYetHere4AaABAg'
export const ONE_REPLY_COMMENT_ID = 'UgzOneReplyOnlyHere4AaABAg'
export const PAGE_REPLY_COMMENT_ID = 'UgxExactlyOnePage104AaABAg'
export const PAGE_PLUS_ONE_COMMENT_ID = 'UgyOnePagePlusOne014AaABAg'
/** Replies mostly in Japanese, on the CJK video. */
export const JAPANESE_COMMENT_ID = 'UgwJapaneseThread374AaABAg'

/** An 8-hour video (> 2 h). */
export const LONG_VIDEO_ID = 'k7Ry2VqWm_E'
/** A video without any caption track. */
export const NO_CAPTIONS_VIDEO_ID = 'Zp3xQe9LbTg'
/** Arabic (default) plus Persian, Hebrew and auto-generated English captions; recorded in Cairo. */
export const RTL_VIDEO_ID = 'Ar7bQx2LmPo'
/** Japanese (default) plus Chinese, Korean captions; recorded in Tokyo. */
export const CJK_VIDEO_ID = 'Jp4cK9tRz1U'
/** Only an auto-generated (asr) English track; recorded in New York. */
export const ASR_ONLY_VIDEO_ID = 'As3rOnly5xk'

export const PARIS = { lat: 48.8566, lng: 2.3522 } as const
