/**
 * SVC_WORKERS (issue 7, deployment): how many worker processes serve the bundle. Unset or `1`: one
 * process, no cluster; `auto`: one per CPU (`os.availableParallelism()`); otherwise a whole number
 * from 1 to 1024. Read like the variables of operations.md CF3: an invalid value refuses the start.
 */
import { availableParallelism } from 'node:os'

import { ConfigError, type Environment } from '../http/config.js'

const MAX_WORKERS = 1024

export function readWorkerCount(env: Environment): number {
  const value = env['SVC_WORKERS']
  if (value === undefined || value === '') return 1
  if (value.toLowerCase() === 'auto') return availableParallelism()
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_WORKERS) {
    throw new ConfigError('SVC_WORKERS', value, `auto or a whole number from 1 to ${MAX_WORKERS}`)
  }
  return Number(value)
}
