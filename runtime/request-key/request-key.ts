/**
 * Keys read from a client request (rate-limits.md RL3, upstream.md UP-POOL-3): what a rate-limit
 * policy counts by and what a `hash` pool hashes. A request without the header or claim has the key
 * `''`, shared with every other such request.
 */
import { JsonObject, type JsonValue, scalarText } from '../values/json-value.js'
import type { CompiledExpression } from '../xpath/compiled-expression.js'
import { clientAddress, type TrustedProxies } from './trusted-proxies.js'

/** A key as the compiler emits it. */
export type RequestKeySpec =
  | { readonly kind: 'client-ip' }
  /** Lower-case field name. */
  | { readonly kind: 'header'; readonly name: string }
  | { readonly kind: 'jwt'; readonly claim: string }
  /** An XPath expression over `$request`; `KeyedRequest.evaluate` gives its string value. */
  | { readonly kind: 'expression'; readonly expr: CompiledExpression }

/** What a key is read from. */
export interface KeyedRequest {
  /** The socket peer address. */
  readonly peer: string | undefined
  /** Lower-case names. */
  readonly headers: ReadonlyMap<string, string>
  /** The claims of the JWT that passed PL8, or null (RL4). */
  readonly claims: JsonValue | null
  /** The string value of a key expression over `$request`; raises what the expression raises. */
  evaluate(expr: CompiledExpression): string
}

/** The key's value for `request`. */
export function readRequestKey(key: RequestKeySpec, request: KeyedRequest, trustedProxies: TrustedProxies): string {
  switch (key.kind) {
    case 'client-ip':
      return clientAddress(request.peer, request.headers, trustedProxies)
    case 'header':
      return request.headers.get(key.name) ?? ''
    case 'jwt':
      return request.claims instanceof JsonObject ? (scalarText(request.claims.get(key.claim)) ?? '') : ''
    case 'expression':
      return request.evaluate(key.expr)
  }
}
