/** The codebook as a tree: children in their position order, a code whose parent is missing (or a cycle) at the top. */
import type { Code } from './coding-project.ts'

export type CodeNode = { code: Code; children: CodeNode[] }

const byPosition = (a: Code, b: Code): number =>
  a.position - b.position || a.name.localeCompare(b.name) || a.id.localeCompare(b.id)

/** Does `code` come back to itself through its parents? The store refuses cycles; an export never loops on one. */
function inCycle(code: Code, byId: ReadonlyMap<string, Code>): boolean {
  const seen = new Set<string>()
  for (let c = byId.get(code.parentId ?? ''); c && !seen.has(c.id); c = byId.get(c.parentId ?? '')) {
    if (c.id === code.id) return true
    seen.add(c.id)
  }
  return false
}

export function codeTree(codes: readonly Code[]): CodeNode[] {
  const byId = new Map(codes.map((c) => [c.id, c]))
  const rootOf = (c: Code) => !c.parentId || !byId.has(c.parentId) || inCycle(c, byId)
  const build = (c: Code): CodeNode => ({
    code: c,
    children: codes
      .filter((k) => k.parentId === c.id && !rootOf(k))
      .sort(byPosition)
      .map(build),
  })
  return codes.filter(rootOf).sort(byPosition).map(build)
}

/** `Parent / Child` for every code, from the tree (so a code's path is the one the codebook shows). */
export function codePaths(codes: readonly Code[]): Map<string, string> {
  const paths = new Map<string, string>()
  const walk = (nodes: CodeNode[], prefix: string) => {
    for (const n of nodes) {
      const path = prefix ? `${prefix} / ${n.code.name}` : n.code.name
      paths.set(n.code.id, path)
      walk(n.children, path)
    }
  }
  walk(codeTree(codes), '')
  return paths
}
