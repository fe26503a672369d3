/**
 * Step 1 of security.md J7, checked completely before any signature work: a compact JWS of exactly
 * three parts of unpadded base64url characters, header and payload non-empty (the signature may be
 * empty, so that `alg: none` tokens reach step 2), both decoding to UTF-8 JSON objects; the header
 * has a string `alg` and neither `crit` nor `b64`; `exp` and `nbf`, when present, are numbers.
 */
import { parseJson } from '../oxn/parse-json.js'
import { JsonNumber, JsonObject } from '../values/json-value.js'

export interface ParsedJws {
  readonly alg: string
  /** `kid` of the header when it is a string (used only with a JWKS URL, J16). */
  readonly kid: string | undefined
  /** The claims, members in token order (J11). */
  readonly payload: JsonObject
  readonly exp: number | undefined
  readonly nbf: number | undefined
}

const BASE64URL = /^[A-Za-z0-9_-]*$/
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** The parsed token, or null when it is malformed (reason `Invalid JWT: malformed token`, J8). */
export function parseCompactJws(token: string): ParsedJws | null {
  const first = token.indexOf('.')
  const second = first < 0 ? -1 : token.indexOf('.', first + 1)
  if (second < 0 || token.indexOf('.', second + 1) >= 0) return null
  const header = decodeObject(token.slice(0, first))
  const payload = header === null ? null : decodeObject(token.slice(first + 1, second))
  const signature = token.slice(second + 1)
  if (header === null || payload === null || !BASE64URL.test(signature) || signature.length % 4 === 1) return null
  const alg = header.get('alg')
  if (typeof alg !== 'string' || header.get('crit') !== undefined || header.get('b64') !== undefined) return null
  const exp = payload.get('exp')
  const nbf = payload.get('nbf')
  if ((exp !== undefined && !(exp instanceof JsonNumber)) || (nbf !== undefined && !(nbf instanceof JsonNumber)))
    return null
  const kid = header.get('kid')
  return { alg, kid: typeof kid === 'string' ? kid : undefined, payload, exp: exp?.value, nbf: nbf?.value }
}

function decodeObject(part: string): JsonObject | null {
  if (part === '' || part.length % 4 === 1 || !BASE64URL.test(part)) return null
  try {
    const value = parseJson(UTF8.decode(Buffer.from(part, 'base64url')))
    return value instanceof JsonObject ? value : null
  } catch {
    return null
  }
}
