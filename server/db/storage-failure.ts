/** The database failing turns into one clear answer: 503 storage_unavailable, and nothing paid. */
import { StorageUnavailable } from './database.ts'
import { ApiFailure } from '../errors.ts'

export function storageFailure(e: StorageUnavailable): ApiFailure {
  return new ApiFailure(
    503,
    'storage_unavailable',
    `The dashboard's database is unavailable (${e.message}), so nothing was paid and nothing was recorded. Retry in a moment.`,
    {
      retryAfterSeconds: 5,
      charged: false,
    },
  )
}

/** Runs a step that reads or writes the database, answering 503 storage_unavailable when it cannot. */
export async function orUnavailable<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (e) {
    throw e instanceof StorageUnavailable ? storageFailure(e) : e
  }
}
