/**
 * IR of the actions that act on the gateway's handling of the request rather than on values
 * (actions.md `auth`, `set-config`, `debug`). Produced by compiler/flow/actions, read by
 * compiler/validate and compiler/emit.
 */
import type { Loc } from '../diagnostics/source.js'
import type { ActionBase, LocationNode, TextValue } from './statement-parts.js'
import type { XPathNode } from './xpath.js'

/** One `<user name pass/>` of `auth` (ACT-auth-1). */
export interface AuthUserNode {
  readonly loc: Loc
  /** Null when absent (the empty name). */
  readonly name: TextValue | null
  readonly pass: TextValue
}

/** `<auth><user …/></auth>` (ACT-auth-1..4); terminating when it rejects. */
export interface AuthNode extends ActionBase {
  readonly kind: 'auth'
  readonly users: readonly AuthUserNode[]
}

/** One supported element of a `set-config` tree (ACT-set-config-1) with its attributes as written. */
export interface ConfigSettingNode {
  readonly loc: Loc
  /** `svc/validation` or `security/force-backend-https`. */
  readonly path: string
  /** Attribute values in document order (`response`, `request`, `enable`), already checked. */
  readonly attributes: readonly (readonly [string, string])[]
}

/** `<set-config>` (ACT-set-config-1..3). */
export interface SetConfigNode extends ActionBase {
  readonly kind: 'set-config'
  readonly settings: readonly ConfigSettingNode[]
}

/** Levels of operations.md DB2; `warning` is stored as `warn` (ACT-debug-1). */
export type DebugLevelName = 'verbose' | 'debug' | 'info' | 'warn' | 'error' | 'alert'

/** `<debug level channel xpath/>` or `<debug level channel in/>` (ACT-debug-1..4). */
export interface DebugNode extends ActionBase {
  readonly kind: 'debug'
  readonly level: DebugLevelName
  readonly channel: string
  readonly subject:
    { readonly kind: 'xpath'; readonly expr: XPathNode } | { readonly kind: 'location'; readonly input: LocationNode }
}
