/**
 * Reads the `x-svc-jwt` and `x-svc-basicauth` objects the definition stage kept as data (security.md
 * J1, J4, J11-J13, BA1-BA3) into typed settings with the location of every value, filling the
 * defaults (`$jwt`, `scope`, `$basicauth`, `svc-gateway`). Pure and quiet: the structure was checked
 * (and any problem reported) by compiler/definition, so a malformed piece is simply left out.
 */
import { dirname, resolve } from 'node:path'

import type { Loc } from '../diagnostics/source.js'
import type { DefinitionNode, ExtensionConfigNode, PlainJson, SecuritySchemeNode } from '../ir/definition.js'

/** A value source (J4) with the location of its value. `path` of a file source is absolute. */
export type SourceNode =
  | { readonly kind: 'value'; readonly value: string; readonly loc: Loc }
  | { readonly kind: 'env'; readonly name: string; readonly loc: Loc }
  | { readonly kind: 'file'; readonly path: string; readonly loc: Loc }

export interface JwtSettingsNode {
  readonly scheme: SecuritySchemeNode
  readonly key: SourceNode | { readonly kind: 'jwks-url'; readonly url: SourceNode; readonly loc: Loc } | null
  readonly alg: SourceNode | null
  readonly claims: readonly (readonly [string, SourceNode])[]
  readonly scopeClaim: string
  /** Without `$`. */
  readonly outVar: string
  readonly outHeader: string | null
}

export type BasicUserNode =
  { readonly user: string; readonly password: SourceNode } | { readonly user: string; readonly sha256: string }

export interface BasicSettingsNode {
  readonly scheme: SecuritySchemeNode
  readonly realm: string
  /** Without `$`. */
  readonly outVar: string
  readonly users: readonly BasicUserNode[]
  /** Whether `users` is present (BA4 checks the combined list). */
  readonly hasUsers: boolean
  readonly credentials: SourceNode | null
}

type PlainObject = { readonly [key: string]: PlainJson }

function isObject(value: PlainJson | undefined): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Locations of the values of one extension object. */
class Locator {
  constructor(
    readonly config: ExtensionConfigNode,
    readonly locs: ReadonlyMap<string, Loc>,
  ) {}

  at(...path: (string | number)[]): Loc {
    const pointer = path.reduce<string>(
      (base, key) => `${base}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`,
      this.config.pointer,
    )
    return this.locs.get(pointer) ?? this.config.loc
  }
}

function locatorOf(definition: DefinitionNode, config: ExtensionConfigNode): Locator {
  const document = definition.documents.find((d) => d.file === config.file)
  return new Locator(config, document?.locs ?? new Map())
}

/** A value source at `path` inside the extension object; `anyScalar` for claims (J9). */
function readSource(
  value: PlainJson | undefined,
  locator: Locator,
  path: (string | number)[],
  anyScalar = false,
): SourceNode | null {
  if (typeof value === 'string' || (anyScalar && (typeof value === 'number' || typeof value === 'boolean'))) {
    return { kind: 'value', value: String(value), loc: locator.at(...path) }
  }
  if (!isObject(value)) return null
  const keys = Object.keys(value)
  if (keys.length !== 1) return null
  const kind = keys[0]!
  const inner = value[kind]
  if (typeof inner !== 'string' || inner === '') return null
  const loc = locator.at(...path, kind)
  if (kind === 'value') return { kind: 'value', value: inner, loc }
  if (kind === 'env') return { kind: 'env', name: inner, loc }
  if (kind === 'file') return { kind: 'file', path: resolve(dirname(locator.config.file.path), inner), loc }
  return null
}

function variableName(value: PlainJson | undefined, fallback: string): string {
  return typeof value === 'string' && value.startsWith('$') ? value.slice(1) : fallback
}

export function readJwtSettings(definition: DefinitionNode, scheme: SecuritySchemeNode): JwtSettingsNode | null {
  const config = scheme.jwt
  if (config === null || !isObject(config.value)) return null
  const locator = locatorOf(definition, config)
  const jwt = config.value
  const keyValue = jwt['key']
  let key: JwtSettingsNode['key'] = null
  if (isObject(keyValue) && Object.keys(keyValue).length === 1 && 'jwks-url' in keyValue) {
    const url = readSource(keyValue['jwks-url'], locator, ['key', 'jwks-url'])
    key = url === null ? null : { kind: 'jwks-url', url, loc: locator.at('key') }
  } else key = readSource(keyValue, locator, ['key'])
  const claimsValue = jwt['claims']
  const claims: (readonly [string, SourceNode])[] = []
  if (isObject(claimsValue)) {
    for (const [name, value] of Object.entries(claimsValue)) {
      const source = readSource(value, locator, ['claims', name], true)
      if (source !== null) claims.push([name, source])
    }
  }
  const scopeClaim = jwt['scope-claim']
  const outHeader = jwt['out-header']
  return {
    scheme,
    key,
    alg: jwt['alg'] === undefined ? null : readSource(jwt['alg'], locator, ['alg']),
    claims,
    scopeClaim: typeof scopeClaim === 'string' && scopeClaim !== '' ? scopeClaim : 'scope',
    outVar: variableName(jwt['out-var'], 'jwt'),
    outHeader: typeof outHeader === 'string' ? outHeader : null,
  }
}

export function readBasicSettings(definition: DefinitionNode, scheme: SecuritySchemeNode): BasicSettingsNode | null {
  const config = scheme.basicAuth
  if (config === null || !isObject(config.value)) return null
  const locator = locatorOf(definition, config)
  const basic = config.value
  const users: BasicUserNode[] = []
  const usersValue = basic['users']
  if (Array.isArray(usersValue)) {
    usersValue.forEach((entry: PlainJson, i: number) => {
      if (!isObject(entry) || typeof entry['user'] !== 'string') return
      if (typeof entry['sha256'] === 'string') users.push({ user: entry['user'], sha256: entry['sha256'] })
      else {
        const password = readSource(entry['password'], locator, ['users', i, 'password'])
        if (password !== null) users.push({ user: entry['user'], password })
      }
    })
  }
  const realm = basic['realm']
  return {
    scheme,
    realm: typeof realm === 'string' ? realm : 'svc-gateway',
    outVar: variableName(basic['out-var'], 'basicauth'),
    users,
    hasUsers: usersValue !== undefined,
    credentials: basic['credentials'] === undefined ? null : readSource(basic['credentials'], locator, ['credentials']),
  }
}

/** The variables security schemes set (J11 `out-var`, BA8), without `$`, for the unset-variable check (XC-7). */
export function securityVariables(definition: DefinitionNode): string[] {
  const names = new Set<string>()
  for (const scheme of definition.securitySchemes) {
    const jwt = readJwtSettings(definition, scheme)
    if (jwt !== null) names.add(jwt.outVar)
    const basic = readBasicSettings(definition, scheme)
    if (basic !== null) names.add(basic.outVar)
  }
  return [...names]
}
