// runtime/cors: CORS pre-flight answers and response headers (security.md O1-O19, definition.md PL4, PL13).
export { createCorsPolicy, type CorsPolicy, type CorsWildcard } from './policy.js'
export { parseOrigin, originKey, originMatches, type ParsedOrigin } from './origin.js'
export { CORS_PREFLIGHT_FLOW, isCorsPreflight, corsPreflightHeaders } from './preflight.js'
export { withCorsHeaders } from './response-headers.js'
