/**
 * The collection's videos by track: whether a cue the full-text index found belongs to the collection, read by key,
 * and the collection's tracks in track order beside a word's term counts (docs/decisions/0197).
 */
export const sql = `
CREATE INDEX collection_videos_tracks ON collection_videos (collection_id, track_id) INCLUDE (position, video_id);
`
