/**
 * One pseudonym salt per browser project (docs/decisions/0132): kept in localStorage until the researcher resets it,
 * so every export of a thread (CSV, JSON, ZIP, today or next week) gives an author the same pseudonym.
 */
import { randomSalt } from './pseudonymise.ts'

const KEY = 'poix.pseudonymSalt.v1'

export type ProjectSalt = { salt: string; createdAt: string }

type SaltStorage = Pick<Storage, 'getItem' | 'setItem'>

function read(storage: SaltStorage): ProjectSalt | undefined {
  try {
    const v = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<ProjectSalt> | null
    return v && typeof v.salt === 'string' && v.salt.length >= 16 && typeof v.createdAt === 'string'
      ? { salt: v.salt, createdAt: v.createdAt }
      : undefined
  } catch {
    return undefined
  }
}

/** A fresh salt replaces the stored one: pseudonyms of later exports no longer match earlier files. */
export function resetProjectSalt(storage: SaltStorage = localStorage, now = new Date()): ProjectSalt {
  const fresh = { salt: randomSalt(), createdAt: now.toISOString() }
  try {
    storage.setItem(KEY, JSON.stringify(fresh))
  } catch {
    // Storage refused (private mode, quota): the salt still serves this page, kept in its state.
  }
  return fresh
}

/** The stored salt, created on first use. */
export function projectSalt(storage: SaltStorage = localStorage, now = new Date()): ProjectSalt {
  return read(storage) ?? resetProjectSalt(storage, now)
}
