/** The simulator's captions: track selection by mode, the 11 format writers, and the caption file list. */
export { captionTrack } from './caption-track.ts'
export { renderCaptions } from './render-captions.ts'
export { captionFileList } from './caption-file-list.ts'
export { CAPTION_CONTENT_TYPES } from '#contract/index.ts'
