/**
 * Compile-time checks of security schemes beyond their structure (security.md J4, J5, J5a, J6, J14,
 * J16, BA2-BA4, BA9; definition.md CC16): `{file: …}` sources are read now and their content checked
 * like a literal; key and algorithm must fit (an RSA key below 2048 bits only warns); a `jwks-url`
 * cannot serve HMAC algorithms and its literal must be an absolute http(s) URL; a password must not be
 * empty and a credential list must be valid; a file source must be part of the output's site copy
 * (operations.md CL2 leaves out names starting with `.`). Messages never quote key material or
 * passwords. A part whose structure was already reported is skipped quietly (CC24).
 */
import { readFileSync } from 'node:fs'
import { relative, sep } from 'node:path'

import { expandAlg, JWT_ALGORITHMS } from '../../runtime/auth/algorithms.js'
import { parseCredentialList } from '../../runtime/auth/credentials.js'
import { isJwksUrl } from '../../runtime/auth/jwks-url.js'
import { parseHmacKey, parsePublicKey, readKey, RECOMMENDED_RSA_BITS } from '../../runtime/auth/key-material.js'
import { Problem } from '../../runtime/auth/settings.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { DefinitionNode } from '../ir/definition.js'
import { type JwtSettingsNode, readBasicSettings, readJwtSettings, type SourceNode } from './read-schemes.js'

/** CC16 checks of every enforced scheme; reads the files of `{file: …}` sources. */
export function checkSecurity(definition: DefinitionNode, bag: DiagnosticBag): void {
  const checker = new SourceChecker(definition.siteRoot, bag)
  for (const scheme of definition.securitySchemes) {
    const jwt = readJwtSettings(definition, scheme)
    if (jwt !== null) checkJwt(jwt, checker)
    const basic = readBasicSettings(definition, scheme)
    if (basic === null) continue
    basic.users.forEach((entry) => {
      if ('password' in entry)
        checker.text(entry.password, 'x-svc-basicauth.users.password', (text) =>
          text === '' ? new Problem('must not be empty') : null,
        )
    })
    // A literal list was checked with the structure (compiler/definition); its file form is checked here.
    if (basic.credentials !== null)
      checker.text(
        basic.credentials,
        'x-svc-basicauth.credentials',
        (text) => problemOf(parseCredentialList(text)),
        FILES_ONLY,
      )
    if (basic.hasUsers && basic.users.length === 0 && basic.credentials === null && basic.scheme.basicAuth !== null) {
      bag.error(
        'security/invalid-basicauth',
        basic.scheme.basicAuth.loc,
        'x-svc-basicauth has no users (BA4: the list must not be empty)',
      )
    }
  }
}

/** Literal algorithms, URLs and credential lists are checked with the structure by compiler/definition. */
const FILES_ONLY = { literals: false, allowEmpty: false }

function problemOf(value: unknown): Problem | null {
  return value instanceof Problem ? value : null
}

function checkJwt(jwt: JwtSettingsNode, checker: SourceChecker): void {
  let algorithms: readonly string[] | null = null
  if (jwt.alg !== null) {
    const text = checker.text(
      jwt.alg,
      'x-svc-jwt.alg',
      (text) =>
        expandAlg(text) === null
          ? new Problem(
              `does not name a supported algorithm (one of ${JWT_ALGORITHMS.join(', ')} or a family HS, RS, ES, PS)`,
            )
          : null,
      FILES_ONLY,
    )
    algorithms = text === null ? null : expandAlg(text)
  }
  // Any text is a valid claim value (J9); a claim file still has to exist in the output's site copy.
  for (const [name, source] of jwt.claims)
    checker.text(source, `x-svc-jwt.claims.${name}`, () => null, { literals: false, allowEmpty: true })
  const key = jwt.key
  if (key === null) return
  if (key.kind === 'jwks-url') {
    if (algorithms?.some((alg) => alg.startsWith('HS'))) {
      checker.bag.error(
        'security/invalid-key',
        jwt.alg!.loc,
        'HMAC algorithms cannot be used with a jwks-url (a key set holds public keys only)',
      )
    }
    checker.text(
      key.url,
      'x-svc-jwt.key.jwks-url',
      (text) => (isJwksUrl(text) ? null : new Problem('is not an absolute http or https URL')),
      FILES_ONLY,
    )
    return
  }
  if (jwt.alg !== null && algorithms === null && jwt.alg.kind !== 'env') return
  const chosen = jwt.alg === null ? ['HS256'] : algorithms
  let weakBits: number | null = null
  checker.text(key, 'x-svc-jwt.key', (text) => {
    // With the algorithm from the environment only the key's own form can be checked now.
    if (chosen === null)
      return parseHmacKey(text) !== null || parsePublicKey(text) !== null
        ? null
        : new Problem('is neither an HMAC key (base64url text) nor a public key in PEM (SPKI) form')
    const reading = readKey(text, chosen)
    if (!reading.ok) return new Problem(reading.problem)
    if (reading.weak && reading.material.kind === 'rsa') weakBits = reading.material.bits
    return null
  })
  if (weakBits !== null) {
    checker.bag.warning(
      'security/weak-key',
      key.loc,
      `x-svc-jwt.key is an RSA key of ${weakBits} bits; ${RECOMMENDED_RSA_BITS} or more are recommended`,
    )
  }
}

/** Reads literal and file sources and reports what `check` finds wrong with their text. */
class SourceChecker {
  constructor(
    readonly siteRoot: string,
    readonly bag: DiagnosticBag,
  ) {}

  /** The text of a literal or file source after its check; null for env sources and unusable ones. */
  text(
    source: SourceNode,
    name: string,
    check: (text: string) => Problem | null,
    options = { literals: true, allowEmpty: false },
  ): string | null {
    if (source.kind === 'env') return null
    if (source.kind === 'value' && !options.literals) return check(source.value) === null ? source.value : null
    let text: string
    let subject = name
    if (source.kind === 'file') {
      const path = relative(this.siteRoot, source.path)
      const shown = path.split(sep).join('/')
      if (path.split(sep).some((part) => part.startsWith('.') && part !== '..')) {
        this.bag.error(
          'security/hidden-file',
          source.loc,
          `${name} file ${shown} is not copied to the output (names starting with "." are left out)`,
        )
        return null
      }
      try {
        // J4: surrounding whitespace of a file's content is removed.
        text = readFileSync(source.path, 'utf8').trim()
      } catch {
        return null // missing or unreadable: reported by the definition stage (CC16)
      }
      if (text === '' && !options.allowEmpty) {
        this.bag.error('security/invalid-file', source.loc, `${name} file ${shown} is empty`)
        return null
      }
      subject = `${name} file ${shown}`
    } else text = source.value
    const problem = check(text)
    if (problem === null) return text
    this.bag.error('security/invalid-value', source.loc, `${subject} ${problem.text}`)
    return null
  }
}
