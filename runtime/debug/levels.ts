/**
 * Debug levels (operations.md DB1, DB2): `verbose` < `debug` < `info` < `warn` < `error` < `alert`;
 * `warning` is another name for `warn` (DB1, actions.md ACT-debug). Level names are read without
 * regard to letter case.
 */
import type { DebugLevel } from '../context/flow-context.js'

/** Every level, lowest first (DB2). */
export const DEBUG_LEVELS: readonly DebugLevel[] = Object.freeze(['verbose', 'debug', 'info', 'warn', 'error', 'alert'])

/** The rank of each level; a message is emitted when its rank is at least the configured one (DB2). */
export const LEVEL_RANK: Readonly<Record<DebugLevel, number>> = Object.freeze({
  verbose: 0,
  debug: 1,
  info: 2,
  warn: 3,
  error: 4,
  alert: 5,
})

/** A level name as written in a configuration or a `level` attribute; null when unknown. */
export function parseDebugLevel(text: string): DebugLevel | null {
  const lower = text.toLowerCase()
  if (lower === 'warning') return 'warn'
  return Object.hasOwn(LEVEL_RANK, lower) ? (lower as DebugLevel) : null
}
