import { describe, expect, it } from 'vitest'
import { parseBulkSearch, selectedIds } from './bulk-search.ts'

describe('bulk selection', () => {
  it('takes the listed videos that are not left out, in order', () => {
    const { state } = parseBulkSearch(
      new URLSearchParams('ids=dQw4w9WgXcQ,Jp4cK9tRz1U,Zp3xQe9LbTg&off=Jp4cK9tRz1U'),
    )
    expect(selectedIds(state)).toEqual(['dQw4w9WgXcQ', 'Zp3xQe9LbTg'])
  })
})
