import { describe, expect, it } from 'vitest'
import { nextPosition, orderCodes, selfAndDescendants } from './code-tree.ts'

const code = (id: string, parentId: string | null, position: number, name = id) => ({
  id,
  parentId,
  position,
  name,
})

describe('code tree', () => {
  it('orders depth first by position, numbers the first nine 1-9', () => {
    const codes = [
      code('b', null, 1),
      code('a', null, 0),
      code('a2', 'a', 1),
      code('a1', 'a', 0),
      ...Array.from({ length: 8 }, (_, i) => code(`z${i}`, null, 2 + i)),
    ]
    const ordered = orderCodes(codes)
    expect(ordered.slice(0, 4).map((o) => [o.code.id, o.depth, o.shortcut])).toEqual([
      ['a', 0, 1],
      ['a1', 1, 2],
      ['a2', 1, 3],
      ['b', 0, 4],
    ])
    expect(ordered.map((o) => o.shortcut).filter(Boolean)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(ordered).toHaveLength(12)
    expect(ordered.at(-1)!.shortcut).toBeUndefined()
  })

  it('shows a code whose parent is missing at the top level, and survives a cycle', () => {
    expect(orderCodes([code('x', 'gone', 0)]).map((o) => o.depth)).toEqual([0])
    const cyclic = [code('p', 'q', 0), code('q', 'p', 0), code('r', null, 0)]
    expect(orderCodes(cyclic).map((o) => o.code.id)).toEqual(['r'])
  })

  it('a code cannot move under itself or a descendant; new codes go after their siblings', () => {
    const codes = [code('a', null, 0), code('b', 'a', 0), code('c', 'b', 3), code('d', null, 5)]
    expect([...selfAndDescendants(codes, 'a')].sort()).toEqual(['a', 'b', 'c'])
    expect([...selfAndDescendants(codes, 'd')]).toEqual(['d'])
    expect(nextPosition(codes, null)).toBe(6)
    expect(nextPosition(codes, 'b')).toBe(4)
    expect(nextPosition(codes, 'c')).toBe(0)
  })
})
