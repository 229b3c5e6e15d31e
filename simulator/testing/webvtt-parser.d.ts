/** Types for the parts of webvtt-parser (w3c/webvtt.js, untyped CommonJS) the caption tests use. */
declare module 'webvtt-parser' {
  export type VttNode =
    | { type: 'text'; value: string }
    | { type: 'timestamp'; value: number }
    | { type: 'object'; name: string; classes: string[]; value?: string; children: VttNode[] }
  export type VttCue = {
    id: string
    startTime: number
    endTime: number
    text: string
    alignment: string
    textPosition: number | 'auto'
    tree: { children: VttNode[] }
  }
  export type VttParseResult = {
    cues: VttCue[]
    errors: { message: string; line: number; col?: number }[]
    styles: string[]
  }
  const webvtt: {
    WebVTTParser: new (entities?: Record<string, string>) => {
      parse(input: string, mode?: 'metadata' | 'chapters'): VttParseResult
    }
  }
  export default webvtt
}
