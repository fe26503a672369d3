/**
 * The security part of one gateway (security.md A1-A16, operations.md CL9): the enforced schemes
 * with their literal and file settings read and keys parsed when the gateway is created (an invalid
 * file source stops the start), the JWKS store, and the effective requirement of each route and method.
 * Everything with a lifetime (imported keys, cached env values, key sets) lives here, never at module
 * scope; two gateways never share it.
 */
import type { Logger } from '../log/logger.js'
import { BasicScheme } from './basic-scheme.js'
import type { RequirementSpec, SecurityConfig } from './config.js'
import { JwksStore } from './jwks-store.js'
import { JwtScheme } from './jwt-scheme.js'
import type { Environment } from './settings.js'

export interface SecurityRuntimeOptions {
  /** Absolute path of the compiled site copy, where file sources are read (J4). */
  readonly siteRoot: string
  /** The environment, read per request for env sources (J4). */
  readonly env: Environment
  readonly logger: Logger
  /** Clock of the JWKS store (tests). */
  readonly now?: () => number
}

export type Scheme = JwtScheme | BasicScheme

export class SecurityRuntime {
  readonly env: Environment
  readonly schemes: ReadonlyMap<string, Scheme>
  readonly #routes: ReadonlyMap<string, ReadonlyMap<string, RequirementSpec>>

  /** Throws SecurityStartError when a file source cannot be read or is invalid. */
  constructor(config: SecurityConfig, options: SecurityRuntimeOptions) {
    this.env = options.env
    const jwks = new JwksStore({ logger: options.logger, now: options.now })
    const schemes = new Map<string, Scheme>()
    for (const spec of config.schemes) {
      schemes.set(
        spec.name,
        spec.kind === 'jwt'
          ? new JwtScheme(spec, { siteRoot: options.siteRoot, jwks })
          : new BasicScheme(spec, options.siteRoot),
      )
    }
    this.schemes = schemes
    this.#routes = new Map(config.routes.map(([pattern, methods]) => [pattern, new Map(methods)]))
  }

  /** The effective requirement (A9) of a route and method; undefined when there is none. */
  requirementFor(pattern: string, method: string): RequirementSpec | undefined {
    const methods = this.#routes.get(pattern)
    return methods === undefined ? undefined : (methods.get(method) ?? methods.get('*'))
  }
}

export function createSecurityRuntime(config: SecurityConfig, options: SecurityRuntimeOptions): SecurityRuntime {
  return new SecurityRuntime(config, options)
}
