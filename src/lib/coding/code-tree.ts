/** Codes as a tree (parentId) in reading order, with the numbers 1–9 that apply the first nine by keyboard. */

export type CodeNode = { id: string; parentId: string | null; name: string; position: number }

export type OrderedCode<C extends CodeNode> = { code: C; depth: number; shortcut: number | undefined }

const byPosition = (a: CodeNode, b: CodeNode) => a.position - b.position || a.name.localeCompare(b.name)

/** Depth first, siblings by position then name; a code whose parent is missing is shown at the top level. */
export function orderCodes<C extends CodeNode>(codes: readonly C[]): OrderedCode<C>[] {
  const ids = new Set(codes.map((c) => c.id))
  const children = new Map<string | null, C[]>()
  for (const c of codes) {
    const parent = c.parentId && ids.has(c.parentId) ? c.parentId : null
    const list = children.get(parent)
    if (list) list.push(c)
    else children.set(parent, [c])
  }
  const out: OrderedCode<C>[] = []
  const seen = new Set<string>()
  const walk = (parent: string | null, depth: number) => {
    for (const c of (children.get(parent) ?? []).sort(byPosition)) {
      if (seen.has(c.id)) continue // a cycle the function should have refused
      seen.add(c.id)
      out.push({ code: c, depth, shortcut: out.length < 9 ? out.length + 1 : undefined })
      walk(c.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/** The code itself and every code below it: none of them can become its parent. */
export function selfAndDescendants(codes: readonly CodeNode[], id: string): Set<string> {
  const out = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const c of codes)
      if (c.parentId && out.has(c.parentId) && !out.has(c.id)) {
        out.add(c.id)
        grew = true
      }
  }
  return out
}

/** Sibling positions run 0, 1, 2…: a new code goes after its siblings. */
export function nextPosition(codes: readonly CodeNode[], parentId: string | null): number {
  let max = -1
  for (const c of codes) if (c.parentId === parentId && c.position > max) max = c.position
  return max + 1
}
