/** Topic category URIs (`https://en.wikipedia.org/wiki/Pop_music`) → readable labels (`Pop music`). */
function lastSegment(uri: string): string {
  try {
    return new URL(uri).pathname.split('/').filter(Boolean).pop() ?? uri
  } catch {
    return uri.split('/').filter(Boolean).pop() ?? uri
  }
}

export function topicLabel(uri: string): string {
  let segment = lastSegment(uri)
  try {
    segment = decodeURIComponent(segment)
  } catch {
    // a malformed escape: show the segment as it is
  }
  return segment.replace(/_/g, ' ').trim() || uri
}
