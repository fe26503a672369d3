/**
 * The compiled security configuration (security.md A1-A16, J1-J16, BA1-BA10): enforced schemes with
 * their settings normalised at build time, and the effective requirement (A9) of every route and
 * method. Schemes that are documentation only (A8) are left out of the requirements, since they always
 * pass. Written by generated code (`src/security.ts`) through `defineSecurity`, which deep-freezes it.
 */
import type { FlowHandler } from '../context/handler.js'

/**
 * A value source (J4): a literal, an environment variable read per request, or a file of the site
 * copy (path relative to the site root) read once at server start.
 */
export type SourceSpec = { readonly value: string } | { readonly env: string } | { readonly file: string }

/** Where a JWT is read (J2). */
export type TokenPlace =
  | { readonly in: 'authorization' }
  | { readonly in: 'cookie'; readonly cookie: string }
  | { readonly in: 'header'; readonly header: string }
  | { readonly in: 'query'; readonly name: string }

export interface JwtSchemeSpec {
  readonly kind: 'jwt'
  readonly name: string
  readonly token: TokenPlace
  /** A key (J6) or a JWKS URL (J16). */
  readonly key: SourceSpec | { readonly jwksUrl: SourceSpec }
  /** Accepted algorithm or family (J5); null: the default. */
  readonly alg: SourceSpec | null
  /** Required claims (J9) in definition order; literal values already in string form. */
  readonly claims: readonly (readonly [name: string, value: SourceSpec])[]
  /** J10, default `scope`. */
  readonly scopeClaim: string
  /** J11 variable name without `$`. */
  readonly outVar: string
  /** J12 header name, or null. */
  readonly outHeader: string | null
  /** J13. */
  readonly postCheck: FlowHandler | null
}

/** A `users` entry (BA2): a password source or a SHA-256 hex digest. */
export type BasicUserSpec =
  { readonly user: string; readonly password: SourceSpec } | { readonly user: string; readonly sha256: string }

export interface BasicSchemeSpec {
  readonly kind: 'basic'
  readonly name: string
  /** BA1, default `svc-gateway`. */
  readonly realm: string
  /** BA8 variable name without `$`. */
  readonly outVar: string
  readonly users: readonly BasicUserSpec[]
  /** BA3, or null. */
  readonly credentials: SourceSpec | null
}

export type SchemeSpec = JwtSchemeSpec | BasicSchemeSpec

/** One alternative (A10): enforced schemes in key order, each with its required scopes (A3, J10). */
export type AlternativeSpec = readonly (readonly [scheme: string, scopes: readonly string[]])[]

/** A requirement: alternatives in list order (A10, A11). */
export type RequirementSpec = readonly AlternativeSpec[]

/** `'*'` stands for every method of a route without operations (A9, D4). */
export type MethodRequirements = readonly (readonly [method: string, requirement: RequirementSpec])[]

export interface SecurityConfig {
  readonly schemes: readonly SchemeSpec[]
  /** Routes (by pattern) with an effective requirement; a route or method not listed has none. */
  readonly routes: readonly (readonly [pattern: string, methods: MethodRequirements])[]
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const member of Object.values(value)) deepFreeze(member)
    Object.freeze(value)
  }
  return value
}

/** The configuration as generated code writes it, deep-frozen (flow handlers are frozen already). */
export function defineSecurity(config: SecurityConfig): SecurityConfig {
  return deepFreeze(config)
}
