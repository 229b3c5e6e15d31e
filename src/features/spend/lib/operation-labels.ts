/** Readable names and fixed chart colours for the service's operations (colours from the Okabe–Ito palette, distinguishable with colour-blindness). */

const LABELS: Record<string, string> = {
  'GET /search': 'Location search',
  'GET /popularVideos': 'Popular videos',
  'GET /channels': 'Channels',
  'GET /commentReplies': 'Comment replies',
  'GET /captions/{videoId}': 'Caption tracks',
  'GET /files/captions/{videoId}': 'Caption files',
  'GET /videos': 'Videos',
  'GET /commentThreads': 'Comment threads',
  'GET /playlistItems': 'Playlist items',
  'GET /autocomplete': 'Autocomplete',
  'GET /files/audio/{videoId}': 'Audio files',
  'GET /files/video/{videoId}': 'Video files',
  'GET /files/thumbnails/{videoId}': 'Thumbnails',
}

const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000']
const FIXED: Record<string, string> = {
  'GET /search': PALETTE[0]!,
  'GET /popularVideos': PALETTE[1]!,
  'GET /channels': PALETTE[2]!,
  'GET /commentReplies': PALETTE[3]!,
  'GET /captions/{videoId}': PALETTE[4]!,
  'GET /files/captions/{videoId}': PALETTE[5]!,
}

export function operationLabel(operation: string): string {
  return LABELS[operation] ?? operation
}

/** Same operation, same colour, on every chart and legend. */
export function operationColour(operation: string, indexAmongOthers = 0): string {
  return FIXED[operation] ?? PALETTE[6 + (indexAmongOthers % 2)]!
}
