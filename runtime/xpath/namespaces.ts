/**
 * Namespaces and prefixes of the expression language (xpath-functions.md XP-NAME-1..3, FN-0-1): the
 * extension namespace behind the `svc` prefix, and the internal namespaces of the rewrite (section 12),
 * which users cannot call (the compile check reports their names as unknown functions).
 */

/** Standard functions (`fn`). */
export const FN_NS = 'http://www.w3.org/2005/xpath-functions'
/** Schema types and constructor functions (`xs`). */
export const XS_NS = 'http://www.w3.org/2001/XMLSchema'
export const MATH_NS = 'http://www.w3.org/2005/xpath-functions/math'
export const MAP_NS = 'http://www.w3.org/2005/xpath-functions/map'
export const ARRAY_NS = 'http://www.w3.org/2005/xpath-functions/array'
/** The gateway's extension functions (FN-0-1), prefix `svc` (XP-NAME-3). */
export const GATEWAY_NS = 'urn:svc-gateway:functions'
/** JavaScript helpers the rewrite inserts, prefix `svcx`. */
export const INTERNAL_NS = 'urn:svc-gateway:internal'
/** Helpers written in XQuery (a library module) where engine types must be kept, prefix `svcq`. */
export const INTERNAL_MODULE_NS = 'urn:svc-gateway:internal-module'

export const GATEWAY_PREFIX = 'svc'
export const INTERNAL_PREFIX = 'svcx'
export const INTERNAL_MODULE_PREFIX = 'svcq'

/** XP-NAME-3: prefixes every expression may use without declaring them. */
export const PREDECLARED_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['fn', FN_NS],
  ['xs', XS_NS],
  ['math', MATH_NS],
  ['map', MAP_NS],
  ['array', ARRAY_NS],
  [GATEWAY_PREFIX, GATEWAY_NS],
])
