/** XML for the REFI-QDA files through fast-xml-parser's builder (it escapes); the codebook shared by .qde and .qdc. */
import { XMLBuilder } from 'fast-xml-parser'
import { codeTree, type CodeNode } from './code-tree.ts'
import type { Code } from './coding-project.ts'
import { ownGuid } from './guid.ts'

export type XmlNode = Record<string, unknown>

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
  // isCodable="true" must be written out: the schema's xsd:boolean has a value.
  suppressBooleanAttributes: false,
})

const XML_HEAD = '<?xml version="1.0" encoding="utf-8"?>\n'

// Characters XML 1.0 cannot carry at all (controls, lone surrogates): a pasted memo must not spoil the whole project.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text for an element or attribute: characters XML forbids dropped; the builder escapes the rest. */
export const xmlText = (text: string): string => text.replace(NOT_XML, '')

export function buildXml(root: XmlNode): string {
  return `${XML_HEAD}${builder.build(root) as string}`
}

export const codeGuid = (collectionId: string, codeId: string): string =>
  ownGuid(collectionId, 'code', codeId)

function codeElement(collectionId: string, node: CodeNode): XmlNode {
  const { code } = node
  return {
    '@_guid': codeGuid(collectionId, code.id),
    '@_name': xmlText(code.name),
    '@_isCodable': 'true',
    '@_color': code.color,
    ...(code.description ? { Description: xmlText(code.description) } : {}),
    ...(node.children.length ? { Code: node.children.map((c) => codeElement(collectionId, c)) } : {}),
  }
}

/** `<Codes>` with the tree nested; undefined when there is no code (the schema wants at least one). */
export function codesElement(collectionId: string, codes: readonly Code[]): XmlNode | undefined {
  if (codes.length === 0) return undefined
  return { Code: codeTree(codes).map((n) => codeElement(collectionId, n)) }
}
