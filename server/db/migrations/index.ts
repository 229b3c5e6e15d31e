/** The schema's versions, in order; applied at start, each once (migrate.ts). Never edit a released one: add the next. */
import { sql as storage } from './0001-storage.ts'
import { sql as publicAddresses } from './0002-public-addresses.ts'
import { sql as captionDefaultLanguages } from './0003-caption-default-languages.ts'
import { sql as collections } from './0004-collections.ts'
import { sql as corpusTrackTerms } from './0005-corpus-track-terms.ts'
import { sql as coding } from './0006-coding.ts'
import { sql as corpusSearchKeys } from './0007-corpus-search-keys.ts'
import { sql as corpusWithoutTrackChecks } from './0008-corpus-without-track-checks.ts'
import { sql as corpusCueVectorsSupplied } from './0009-corpus-cue-vectors-supplied.ts'
import { sql as cacheBodiesDeflated } from './0010-cache-bodies-deflated.ts'
import { sql as interruptedCalls } from './0011-interrupted-calls.ts'
import { sql as claimPaidCall } from './0012-claim-paid-call.ts'
import { sql as collectionTracksKey } from './0013-collection-tracks-key.ts'
import { sql as corpusWordPositions } from './0014-corpus-word-positions.ts'

export type Migration = { version: number; name: string; sql: string }

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'storage', sql: storage },
  { version: 2, name: 'public-addresses', sql: publicAddresses },
  { version: 3, name: 'caption-default-languages', sql: captionDefaultLanguages },
  { version: 4, name: 'collections', sql: collections },
  { version: 5, name: 'corpus-track-terms', sql: corpusTrackTerms },
  { version: 6, name: 'coding', sql: coding },
  { version: 7, name: 'corpus-search-keys', sql: corpusSearchKeys },
  { version: 8, name: 'corpus-without-track-checks', sql: corpusWithoutTrackChecks },
  { version: 9, name: 'corpus-cue-vectors-supplied', sql: corpusCueVectorsSupplied },
  { version: 10, name: 'cache-bodies-deflated', sql: cacheBodiesDeflated },
  { version: 11, name: 'interrupted-calls', sql: interruptedCalls },
  { version: 12, name: 'claim-paid-call', sql: claimPaidCall },
  { version: 13, name: 'collection-tracks-key', sql: collectionTracksKey },
  { version: 14, name: 'corpus-word-positions', sql: corpusWordPositions },
]
