/**
 * Optional parts of the compiled app that feature areas contribute (CORS, security, validation, ...).
 * Each part emits its own module `src/<module>` exporting one constant, which `app.ts` assigns to a
 * field of CompiledApp (runtime/app.ts). A part returns null when the project does not use its feature;
 * the field is then left out. Add a part by appending it to APP_PARTS.
 */
import type { AppPart } from './app-part.js'
import { CORS_PART } from './parts/cors.js'
import { MOCKS_PART } from './parts/mocks.js'
import { RATE_LIMITS_PART } from './parts/rate-limits.js'
import { SECURITY_PART } from './parts/security.js'
import { UPSTREAM_DEFINITIONS_PART } from './parts/upstream-definitions.js'
import { UPSTREAM_POOLS_PART } from './parts/upstream-pools.js'
import { XSLT_PART } from './parts/xslt.js'
import { VALIDATION_PART } from './validators.js'

export const APP_PARTS: readonly AppPart[] = [
  CORS_PART,
  SECURITY_PART,
  VALIDATION_PART,
  MOCKS_PART,
  XSLT_PART,
  UPSTREAM_DEFINITIONS_PART,
  RATE_LIMITS_PART,
  UPSTREAM_POOLS_PART,
]
