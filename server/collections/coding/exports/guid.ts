/** REFI-QDA GUIDs: RFC 4122 UUIDs, name-based (version 5), so exporting the same collection twice gives the same GUIDs. */
import { createHash } from 'node:crypto'

/** The XSD's GUIDType: a UUID in either case, with or without braces. */
const GUID_PATTERN =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|\{[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\})$/

/** This export's own namespace (a random v4 UUID fixed once): names under it never collide with other tools' GUIDs. */
const POIX_CODING_NAMESPACE = '5f0d6c1e-3a7b-4c52-9e0f-2b8d4a61c7e3'

const hexBytes = (uuid: string): Buffer => Buffer.from(uuid.replace(/-/g, ''), 'hex')

/** RFC 4122 §4.3: SHA-1 of namespace + name, version and variant bits set; lower-case, no braces. */
export function uuidV5(name: string, namespace: string = POIX_CODING_NAMESPACE): string {
  const hash = createHash('sha1').update(hexBytes(namespace)).update(name, 'utf8').digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Every object of one export gets its GUID from the collection, its kind and its own id. */
export function guidFor(collectionId: string, kind: string, id: string): string {
  return uuidV5(`${collectionId}\u0000${kind}\u0000${id}`)
}

/** A record's own id when it already is a UUID (codes and codings are), so the file and the database share GUIDs. */
export function ownGuid(collectionId: string, kind: string, id: string): string {
  return GUID_PATTERN.test(id) ? id.replace(/[{}]/g, '').toLowerCase() : guidFor(collectionId, kind, id)
}
