/**
 * System lines (`svc_system`, operations.md LG8): `level` (`info` or `error`), `message`, then context
 * fields: `listening` (host, port, version, revision, role), `stopping`, `stopped`, and configuration
 * problems (CF3, CL9).
 */
import type { Logger } from './logger.js'

export type SystemLevel = 'info' | 'error'

export function writeSystemLine(
  logger: Logger,
  level: SystemLevel,
  message: string,
  fields: Record<string, unknown> = {},
): void {
  logger.write('svc_system', { level, message, ...fields })
}
