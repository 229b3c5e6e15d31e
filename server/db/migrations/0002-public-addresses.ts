/** Answers cached before docs/decisions/0127 kept the service's own addresses (captionsUrl, staticUrl…): those operations are asked again. */
export const sql = `
DELETE FROM cache_entries WHERE operation IN ('GET /popularVideos', 'GET /files/captions/{videoId}');
`
