/** What the shared caption writers read: one cue with its DISPLAYED text (entities already decoded by the caller). */
export type DisplayCue = {
  /** Start, seconds from the video's start. */
  offset: number
  /** Seconds; 0 is allowed (the cue starts and ends at once). */
  duration: number
  /** The text a viewer sees; may hold line breaks. */
  text: string
}

/** Where a writer may say that the file is a conversion, not the service's own file (formats with a comment syntax). */
export type WriterNote = { note?: string }
