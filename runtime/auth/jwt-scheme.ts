/**
 * A JWT scheme (`apiKey` + `x-svc-jwt`, security.md J1-J16) as the gateway checks it per request:
 * settings from their value sources (J4; env values per request, 3211 when broken), the token from its
 * place (J2), then the steps of J7 in order, the first failing one giving the J8 reason: malformed
 * token, algorithm not accepted, signature (static key or JWKS URL), `exp`, `nbf`, claims, scopes.
 * Settings are resolved before the token is read, so a broken configuration is reported as 3211 for
 * every request that evaluates the scheme, whatever the client sent.
 */
import type { ClientRequest } from '../context/flow-context.js'
import { gatewayError } from '../errors/raised-error.js'
import { ASYMMETRIC_ALGORITHMS, DEFAULT_ALGORITHMS, expandAlg } from './algorithms.js'
import { claimMatches, missingScope } from './claims.js'
import type { JwtSchemeSpec } from './config.js'
import { candidateKeys, type JwksStore } from './jwks-store.js'
import { isJwksUrl } from './jwks-url.js'
import { parseCompactJws, type ParsedJws } from './jws.js'
import { readKey } from './key-material.js'
import { failed, passed, type SchemeOutcome } from './outcome.js'
import { type Environment, fixedSetting, loadSetting, Problem, SecurityStartError, type Setting } from './settings.js'
import { readToken } from './token-source.js'
import { VerificationKey } from './verification-key.js'
import { VerifiedTokens } from './verified-tokens.js'
import { verifySignature } from './verify-signature.js'

const MALFORMED = 'Invalid JWT: malformed token'
const BAD_SIGNATURE = 'Invalid JWT: signature verification failed'

/** J8 step 2: the header value cut to 20 characters, control characters as `?`. */
export function displayAlg(alg: string): string {
  const clean = alg.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?')
  return clean.length > 20 ? `${clean.slice(0, 20)}...` : clean
}

/** J16: an absolute http or https URL. */
function parseJwksUrl(text: string): string | Problem {
  return isJwksUrl(text) ? text : new Problem('is not an absolute http or https URL')
}

type KeySetting =
  | { readonly kind: 'fixed'; readonly key: VerificationKey }
  | { readonly kind: 'dynamic'; readonly text: Setting<string>; readonly cache: KeyCache }
  | { readonly kind: 'jwks'; readonly url: Setting<string> }

export interface JwtResources {
  readonly siteRoot: string
  readonly jwks: JwksStore
}

export class JwtScheme {
  readonly kind = 'jwt'
  readonly #algorithms: Setting<readonly string[]>
  readonly #key: KeySetting
  readonly #claims: readonly (readonly [string, Setting<string>])[]
  /** Tokens verified with a key set, per fetched set (J16: a refetched set starts empty). */
  readonly #verifiedBySet = new WeakMap<object, VerifiedTokens>()

  /** Reads literal and file sources now; throws SecurityStartError when one is invalid (CL9). */
  constructor(
    readonly spec: JwtSchemeSpec,
    readonly resources: JwtResources,
  ) {
    const place = (property: string) => ({ scheme: spec.name, property })
    const { siteRoot } = resources
    const parseAlg = (text: string) => expandAlg(text) ?? new Problem('is not a supported algorithm (J5)')
    const key = spec.key
    if (spec.alg !== null) this.#algorithms = loadSetting(spec.alg, place('x-svc-jwt.alg'), parseAlg, siteRoot)
    else this.#algorithms = fixedSetting('jwksUrl' in key ? ASYMMETRIC_ALGORITHMS : DEFAULT_ALGORITHMS)
    if ('jwksUrl' in key) {
      this.#key = {
        kind: 'jwks',
        url: loadSetting(key.jwksUrl, place('x-svc-jwt.key.jwks-url'), parseJwksUrl, siteRoot),
      }
    } else {
      const text = loadSetting(key, place('x-svc-jwt.key'), (value) => value, siteRoot)
      if (text.perRequest || this.#algorithms.perRequest) {
        const subject = 'env' in key ? `Environment variable ${key.env}` : 'Key'
        const algNote =
          spec.alg !== null && 'env' in spec.alg
            ? `; the algorithm comes from environment variable ${spec.alg.env}`
            : ''
        this.#key = { kind: 'dynamic', text, cache: new KeyCache(subject, algNote, spec.name) }
      } else {
        const reading = keyFor(text.get({}, ''), this.#algorithms.get({}, ''))
        const origin = 'file' in key ? `file ${key.file}` : 'value'
        if (reading instanceof Problem)
          throw new SecurityStartError(`security scheme ${spec.name}, x-svc-jwt.key: ${origin} ${reading.text}`)
        this.#key = { kind: 'fixed', key: reading }
      }
    }
    this.#claims = spec.claims.map(
      ([name, source]) =>
        [name, loadSetting(source, place(`x-svc-jwt.claims.${name}`), (text) => text, siteRoot)] as const,
    )
  }

  get name(): string {
    return this.spec.name
  }

  /** J7 for one request; raises 3211 when a setting read from the environment is broken. */
  async check(
    request: ClientRequest,
    scopes: readonly string[],
    env: Environment,
    requestId: string,
  ): Promise<SchemeOutcome> {
    const algorithms = this.#algorithms.get(env, requestId)
    const keySetting = this.#key
    const key =
      keySetting.kind === 'fixed'
        ? keySetting.key
        : keySetting.kind === 'dynamic'
          ? keySetting.cache.get(keySetting.text.get(env, requestId), algorithms, requestId)
          : null
    const jwksUrl = keySetting.kind === 'jwks' ? keySetting.url.get(env, requestId) : null
    const claims = this.#claims.map(([name, value]) => [name, value.get(env, requestId)] as const)

    const found = readToken(this.spec.token, request)
    if ('missing' in found) return failed(found.missing)
    const token = found.token
    // A token this key verified before comes with its parsed form (steps 1 and 3 done once).
    const known = key?.verified.get(token)
    const jws = known ?? parseCompactJws(token)
    if (jws === null) return failed(MALFORMED)
    if (!algorithms.includes(jws.alg)) return failed(`Invalid JWT: algorithm ${displayAlg(jws.alg)} not accepted`)
    if (known === undefined) {
      const signature =
        key !== null
          ? await this.#verifyWithKey(token, jws, key)
          : await this.#verifyWithJwks(token, jws, jwksUrl!, requestId)
      if (signature !== null) return failed(signature)
    }
    // Whole seconds since the epoch; a token whose `exp` is the current second has expired (J7 step 4).
    const now = Math.floor(Date.now() / 1000)
    if (jws.exp !== undefined && !(jws.exp > now)) return failed('Invalid JWT: Token has expired.')
    if (jws.nbf !== undefined && jws.nbf > now) return failed('Invalid JWT: token is not yet valid')
    for (const [name, expected] of claims)
      if (!claimMatches(jws.payload.get(name), expected)) return failed(`Invalid JWT: claim ${name} does not match`)
    const scope = missingScope(jws.payload, this.spec.scopeClaim, scopes)
    if (scope !== null) return failed(`Missing scope ${scope}`)
    return passed(jws.payload)
  }

  /** Step 3 with a static key: null when the signature verifies, else the reason. */
  async #verifyWithKey(token: string, jws: ParsedJws, key: VerificationKey): Promise<string | null> {
    const cryptoKey = await key.cryptoKey(jws.alg)
    if (cryptoKey === null || !(await verifySignature(token, jws.alg, cryptoKey))) return BAD_SIGNATURE
    key.verified.add(token, jws)
    return null
  }

  /** Step 3 with a JWKS URL (J16): selection, one refetch for an unknown key, the reasons of J8. */
  async #verifyWithJwks(token: string, jws: ParsedJws, url: string, requestId: string): Promise<string | null> {
    const store = this.resources.jwks
    let set = await store.current(url, requestId)
    if (set === null) return 'JWKS unavailable'
    if (this.#verifiedBySet.get(set)?.get(token) !== undefined) return null
    let keys = await candidateKeys(set, jws.alg, jws.kid)
    if (keys.length === 0) {
      const refreshed = await store.refetch(url, requestId)
      if (refreshed) {
        set = refreshed
        keys = await candidateKeys(refreshed, jws.alg, jws.kid)
      }
      if (keys.length === 0) return 'Invalid JWT: no matching key'
    }
    for (const key of keys) {
      if (!(await verifySignature(token, jws.alg, key))) continue
      let verified = this.#verifiedBySet.get(set)
      if (verified === undefined) this.#verifiedBySet.set(set, (verified = new VerifiedTokens()))
      verified.add(token, jws)
      return null
    }
    return BAD_SIGNATURE
  }
}

function keyFor(text: string, algorithms: readonly string[]): VerificationKey | Problem {
  const reading = readKey(text, algorithms)
  return reading.ok ? new VerificationKey(reading.material, reading.algorithms) : new Problem(reading.problem)
}

/**
 * A key read per request (from the environment, or fixed text checked against an algorithm from the
 * environment): parsed again only when the text or the algorithm changed (J4, J5a: 3211 when they do
 * not fit). One entry, so keys are imported once while the environment stays the same.
 */
class KeyCache {
  #text: string | undefined = undefined
  #algorithms: readonly string[] | undefined = undefined
  #result: VerificationKey | Problem | undefined = undefined

  constructor(
    readonly subject: string,
    readonly algNote: string,
    readonly scheme: string,
  ) {}

  get(text: string, algorithms: readonly string[], requestId: string): VerificationKey {
    if (text !== this.#text || algorithms !== this.#algorithms) {
      this.#result = keyFor(text, algorithms)
      this.#text = text
      this.#algorithms = algorithms
    }
    const result = this.#result!
    if (result instanceof Problem) {
      throw gatewayError(
        'CONFIGURATION',
        [`${this.subject} ${result.text}${this.algNote} (security scheme ${this.scheme}, x-svc-jwt.key)`],
        requestId,
      )
    }
    return result
  }
}
