/**
 * The compiled CORS policy (security.md O7, O10, O12): `x-svc-cors` normalised at build time —
 * origins lower-cased with default ports removed, wildcard entries split into scheme, host suffix and
 * port, `max-age` and `expose-headers` as the header values to send. `createCorsPolicy` freezes it
 * once at module load; the request path only reads it.
 */

/** A `<scheme>://*.<suffix>[:<port>]` entry (O2, O10): a host must end in `.<suffix>`. */
export interface CorsWildcard {
  readonly scheme: string
  /** Lower-case host suffix without the leading dot, e.g. `example.org`. */
  readonly suffix: string
  /** Decimal port; '' for the scheme's default port or none. */
  readonly port: string
}

export interface CorsPolicy {
  /** The entry `*` (O4). */
  readonly anyOrigin: boolean
  /** Exact entries as `<scheme>://<host>[:<port>]`, normalised like request origins (O10). */
  readonly origins: readonly string[]
  readonly wildcards: readonly CorsWildcard[]
  /** `allow-credentials` (O7, O14, O18). */
  readonly allowCredentials: boolean
  /** `Access-Control-Max-Age` value (O14; default 7200). */
  readonly maxAge: string
  /** `Access-Control-Expose-Headers` value; null when not configured (O18). */
  readonly exposeHeaders: string | null
}

/** A deep-frozen copy of a policy written by generated code (`src/cors.ts`). */
export function createCorsPolicy(spec: CorsPolicy): CorsPolicy {
  return Object.freeze({
    anyOrigin: spec.anyOrigin,
    origins: Object.freeze([...spec.origins]),
    wildcards: Object.freeze(
      spec.wildcards.map((w) => Object.freeze({ scheme: w.scheme, suffix: w.suffix, port: w.port })),
    ),
    allowCredentials: spec.allowCredentials,
    maxAge: spec.maxAge,
    exposeHeaders: spec.exposeHeaders,
  })
}
