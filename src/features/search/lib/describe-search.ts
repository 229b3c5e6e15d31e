import type { SearchInput } from './search-url.ts'

/** A search in words: "10 km of 51.5, -0.12". */
export function describeSearch(input: SearchInput): string {
  return `${input.radius} ${input.unit} of ${input.lat}, ${input.lng}`
}
