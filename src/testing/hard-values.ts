/** Values that are hard to export exactly: each must come back exactly from every CSV the app writes. */
export const HARD_VALUES = [
  '#1 hit # not a comment',
  '@handle replies',
  '=HYPERLINK("http://evil")',
  '+33 1 23',
  '-minus',
  'say "hi", then leave',
  'line one\nline two',
  'windows\r\nbreak',
  'Café crème 😀👍🏽',
  'مرحبا بالعالم — שלום',
  '  padded  ',
  '',
  '-12.5',
] as const
