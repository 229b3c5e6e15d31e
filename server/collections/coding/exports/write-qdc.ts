/** The codebook alone as REFI-QDA `.qdc` (`urn:QDA-XML:codebook:1.0`): the code tree, colours and descriptions. */
import { ApiFailure } from '#server/errors.ts'
import { APP_VERSION } from '#server/config.ts'
import type { CodingProject, ExportFile } from './coding-project.ts'
import { codingFileName } from './export-files.ts'
import { buildXml, codesElement } from './qda-xml.ts'

const CODEBOOK_NAMESPACE = 'urn:QDA-XML:codebook:1.0'

export function writeQdc(p: CodingProject): ExportFile {
  const codes = codesElement(p.collection.id, p.codes)
  // The schema's <Codes> holds one code or more: an empty codebook has no valid file.
  if (!codes)
    throw new ApiFailure(409, 'conflict', 'This collection has no codes yet: there is no codebook to export.')
  return {
    name: codingFileName(p, 'codebook', 'qdc'),
    contentType: 'application/xml; charset=utf-8',
    body: buildXml({
      CodeBook: {
        '@_xmlns': CODEBOOK_NAMESPACE,
        '@_origin': `Poix Research Dashboard ${APP_VERSION}`,
        Codes: codes,
      },
    }),
  }
}
