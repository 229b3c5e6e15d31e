/**
 * Before the worker's vectors are stored, they are compared with the database's own for probe texts in every
 * configuration the corpus uses: a cue stored with a vector other than the one its search computes would never be
 * found, so a worker that differs in anything (a build, a dictionary, a locale) is not used.
 */
import { binaryArray } from '../../db/binary-array.ts'
import type { Queryable } from '../../db/database.ts'
import { TEXT_SEARCH_CONFIGS } from '../text-search-config.ts'
import { cueVector } from './cue-vector-sql.ts'
import type { VectorCheck } from './cue-vector-worker.ts'

/** Words, stems, markers, numbers, addresses, hyphens, apostrophes, accents and several scripts. */
export const PROBE_TEXTS = [
  "We're running the runners' races — [Music] they've RUN it again!",
  'Visit https://example.org/path?q=1 or mail someone@example.com at 10:30, 3.14 and -42',
  'state-of-the-art well-known re-run co-operate',
  'Café naïve façade Straße Größe señor ação',
  'Москва — большие дома и бегущие люди',
  'Οι άνθρωποι τρέχουν γρήγορα',
  'الناس يركضون بسرعة في المدينة',
  'लोग तेज़ी से दौड़ रहे हैं',
  '東京の駅で会いましょう 我们在北京见面',
  '[Applause] [音楽] ♪ la la la ♪',
  '',
]

export function vectorCheck(db: Queryable): VectorCheck {
  return async (vectorsOf) => {
    const texts = binaryArray.text(PROBE_TEXTS)
    const rows = await db.query<{ cfg: string; vectors: Uint8Array }>(
      `SELECT c.cfg, array_send(array_agg(${cueVector('c.cfg::regconfig', 'u.text')} ORDER BY u.n)) AS vectors
       FROM unnest($1::text[]) AS c(cfg) JOIN pg_ts_config p ON p.cfgname = c.cfg,
            unnest($2::text[]) WITH ORDINALITY AS u(text, n)
       GROUP BY c.cfg`,
      [[...TEXT_SEARCH_CONFIGS], texts],
    )
    for (const { cfg, vectors } of rows) {
      const theirs = await vectorsOf(cfg, texts)
      if (!Buffer.from(vectors).equals(Buffer.from(theirs))) return false
    }
    return rows.length > 0
  }
}
