/** Test support: the paid path without storage (one upstream call, its answer checked against the contract, its list price attached), for route and token tests that need no database. */
import { priceOf } from '#contract/index.ts'
import type { Gateway } from '../gateway.ts'
import { checkAgainstContract } from '../spend/contract-check.ts'
import type { UpstreamClient } from '../upstream/client.ts'

export function createDirectGateway(client: UpstreamClient): Gateway {
  return {
    async call(call) {
      const answer = await client.request({
        operation: call.operation,
        path: call.path,
        query: call.query,
        signal: call.signal,
      })
      checkAgainstContract(call, answer.body)
      return {
        body: answer.body,
        contentType: answer.contentType,
        costUsd: priceOf(call.operation),
        cache: 'MISS',
      }
    },
    async quote(call) {
      return { operation: call.operation, priceUsd: priceOf(call.operation), cached: false }
    },
  }
}
