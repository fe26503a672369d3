/**
 * The `cors` app part (security.md O7, O10; definition.md PL4, PL13): `src/cors.ts` exports the
 * `x-svc-cors` policy compiled at build time — exact origins lower-cased with default ports removed,
 * wildcard entries split into scheme, suffix and port, `*` as a flag, `max-age` and `expose-headers`
 * as the header values to send — and frozen by `createCorsPolicy` at module load.
 */
import { originKey, parseOrigin } from '../../../runtime/cors/origin.js'
import type { CorsWildcard } from '../../../runtime/cors/policy.js'
import type { CorsNode } from '../../ir/definition.js'
import type { AppPart } from '../app-part.js'
import { type Code, comment, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import { arrayCode, blockObjectCode, listCode, objectCode } from './object-code.js'

interface NormalisedCors {
  anyOrigin: boolean
  readonly origins: string[]
  readonly wildcards: CorsWildcard[]
}

/** O10 for configured origins (their syntax was checked by compiler/definition, O8). */
export function normaliseOrigins(allowed: readonly string[]): NormalisedCors {
  const out: NormalisedCors = { anyOrigin: false, origins: [], wildcards: [] }
  for (const entry of allowed) {
    if (entry === '*') {
      out.anyOrigin = true
      continue
    }
    const wildcard = entry.includes('://*.')
    // A stand-in label makes the wildcard entry an ordinary origin for parsing.
    const parsed = parseOrigin(wildcard ? entry.replace('://*.', '://x.') : entry)
    if (parsed === null) continue
    if (wildcard) {
      const suffix = parsed.host.slice(2)
      if (!out.wildcards.some((w) => w.scheme === parsed.scheme && w.suffix === suffix && w.port === parsed.port)) {
        out.wildcards.push({ scheme: parsed.scheme, suffix, port: parsed.port })
      }
    } else if (!out.origins.includes(originKey(parsed))) out.origins.push(originKey(parsed))
  }
  return out
}

export function emitCorsPolicy(cors: CorsNode, ctx: EmitContext): Code {
  const { anyOrigin, origins, wildcards } = normaliseOrigins(cors.allowedOrigins)
  const policy = blockObjectCode([
    ['anyOrigin', lit(anyOrigin)],
    ['origins', listCode(origins)],
    [
      'wildcards',
      arrayCode(
        wildcards.map((w) =>
          objectCode([
            ['scheme', lit(w.scheme)],
            ['suffix', lit(w.suffix)],
            ['port', lit(w.port)],
          ]),
        ),
      ),
    ],
    ['allowCredentials', lit(cors.allowCredentials)],
    ['maxAge', lit(String(cors.maxAge))],
    ['exposeHeaders', lit(cors.exposeHeaders.length === 0 ? null : cors.exposeHeaders.join(', '))],
  ])
  return js`${comment(`x-svc-cors of ${ctx.at(cors.loc)}, normalised (security.md O7, O10)`)}
export const CORS: ${ctx.runtimeType('CorsPolicy')} = ${ctx.runtime('createCorsPolicy')}(${policy})
`
}

export const CORS_PART: AppPart = {
  field: 'cors',
  module: 'cors.ts',
  constant: 'CORS',
  emit: ({ definition }, ctx) => (definition.cors === null ? null : emitCorsPolicy(definition.cors, ctx)),
}
