/**
 * Per-gateway debug settings, read once from the environment (operations.md CF1-CF3, DB1, DB4, DB9):
 * the default configuration SVC_DEBUG (unset: `*:error:log`; an invalid value refuses the start),
 * whether the `Debug` header is allowed (SVC_DEBUG_ALLOW_HEADER, or SVC_DEBUG_AUTH set) and the digest
 * of its password, and the environment as the `env` topic shows it (masked).
 */
import { ConfigError, type Environment } from '../http/config.js'
import type { Logger } from '../log/logger.js'
import { type DebugConfig, DEFAULT_DEBUG_CONFIG, parseDebugConfig } from './config.js'
import { passwordDigest } from './header.js'
import { maskEnvironment, secretEnvironmentValues, textSecrets } from './mask.js'

export interface DebugSettings {
  /** SVC_DEBUG (DB1). */
  readonly defaultConfig: DebugConfig
  /** The `Debug` header may replace it (DB4). */
  readonly allowHeader: boolean
  /** passwordDigest(SVC_DEBUG_AUTH); null when no password is required. */
  readonly authDigest: Buffer | null
  readonly logger: Logger
  /** Secret environment values, longest first, for masking message text (DB9). */
  readonly secrets: readonly string[]
  /** The environment as topic `env` writes it, secrets masked (DB3, DB9). */
  readonly environment: Readonly<Record<string, string>>
}

/** Reads the debug variables; throws ConfigError for an invalid SVC_DEBUG (CF3). */
export function createDebugSettings(env: Environment, logger: Logger): DebugSettings {
  const text = env['SVC_DEBUG']
  let defaultConfig = DEFAULT_DEBUG_CONFIG
  if (text !== undefined) {
    const parsed = parseDebugConfig(text)
    if (typeof parsed === 'string')
      throw new ConfigError('SVC_DEBUG', text, `a debug configuration topic:level:sink (${parsed})`)
    defaultConfig = parsed
  }
  const auth = env['SVC_DEBUG_AUTH']
  const allow = (env['SVC_DEBUG_ALLOW_HEADER'] ?? '').toLowerCase() === 'true'
  return Object.freeze({
    defaultConfig,
    allowHeader: allow || (auth !== undefined && auth !== ''),
    authDigest: auth !== undefined && auth !== '' ? passwordDigest(auth) : null,
    logger,
    secrets: Object.freeze(textSecrets(secretEnvironmentValues(env))),
    environment: Object.freeze(maskEnvironment(env)),
  })
}

declare module '../context/flow-context.js' {
  interface GatewayServices {
    /** SVC_DEBUG, the `Debug` header rules and masking (operations.md DB1-DB9); made by the gateway. */
    readonly debug?: DebugSettings
  }
}
