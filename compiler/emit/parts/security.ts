/**
 * The `security` app part (security.md A1-A16, J1-J16, BA1-BA10; definition.md PL8): `src/security.ts`
 * exports the enforced schemes with their settings normalised (defaults filled, value sources as
 * `{value}`, `{env}` or a site-relative `{file}`, post-check flows as flow handlers) and the effective
 * requirement (A9) of every route and method. Schemes that are documentation only (A8) always pass,
 * so they are dropped from the alternatives; an alternative left empty always passes, so later ones
 * can never run and are dropped too, and a requirement that always passes is no requirement.
 */
import { type Alternative, operationRequirement } from '../../analysis/security-requirements.js'
import { invariant } from '../../diagnostics/invariant.js'
import type { DefinitionNode, RouteNode, SecuritySchemeNode } from '../../ir/definition.js'
import { readBasicSettings, readJwtSettings, type SourceNode } from '../../security/read-schemes.js'
import type { AppPart } from '../app-part.js'
import { type Code, comment, indent, joinCode, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import { arrayCode, blockObjectCode, listCode, objectCode } from './object-code.js'

function sourceCode(source: SourceNode, ctx: EmitContext): Code {
  if (source.kind === 'value') return objectCode([['value', lit(source.value)]])
  if (source.kind === 'env') return objectCode([['env', lit(source.name)]])
  return objectCode([['file', lit(ctx.sitePath(source.path))]])
}

function tokenPlace(scheme: SecuritySchemeNode): Code {
  const name = scheme.paramName ?? ''
  if (scheme.in === 'query')
    return objectCode([
      ['in', lit('query')],
      ['name', lit(name)],
    ])
  if (name.toLowerCase() === 'authorization') return objectCode([['in', lit('authorization')]])
  if (name.toLowerCase() === 'cookie')
    return objectCode([
      ['in', lit('cookie')],
      ['cookie', lit(scheme.cookieName ?? '')],
    ])
  return objectCode([
    ['in', lit('header')],
    ['header', lit(name)],
  ])
}

function schemeCode(definition: DefinitionNode, scheme: SecuritySchemeNode, ctx: EmitContext): Code | null {
  const jwt = readJwtSettings(definition, scheme)
  if (jwt !== null && jwt.key !== null) {
    const key =
      jwt.key.kind === 'jwks-url' ? objectCode([['jwksUrl', sourceCode(jwt.key.url, ctx)]]) : sourceCode(jwt.key, ctx)
    const postCheck =
      scheme.postCheckFlow === null
        ? lit(null)
        : ctx.hoist(
            'HANDLER',
            js`${ctx.runtime('flowHandler')}(${lit(ctx.sitePath(scheme.postCheckFlow.path))}, ${ctx.flowFunction(scheme.postCheckFlow.path)})`,
          )
    return blockObjectCode([
      ['kind', lit('jwt')],
      ['name', lit(scheme.name)],
      ['token', tokenPlace(scheme)],
      ['key', key],
      ['alg', jwt.alg === null ? lit(null) : sourceCode(jwt.alg, ctx)],
      ['claims', arrayCode(jwt.claims.map(([name, source]) => arrayCode([lit(name), sourceCode(source, ctx)])))],
      ['scopeClaim', lit(jwt.scopeClaim)],
      ['outVar', lit(jwt.outVar)],
      ['outHeader', lit(jwt.outHeader)],
      ['postCheck', postCheck],
    ])
  }
  const basic = readBasicSettings(definition, scheme)
  if (basic === null) return null
  const users = basic.users.map((entry) =>
    'sha256' in entry
      ? objectCode([
          ['user', lit(entry.user)],
          ['sha256', lit(entry.sha256.toLowerCase())],
        ])
      : objectCode([
          ['user', lit(entry.user)],
          ['password', sourceCode(entry.password, ctx)],
        ]),
  )
  return blockObjectCode([
    ['kind', lit('basic')],
    ['name', lit(scheme.name)],
    ['realm', lit(basic.realm)],
    ['outVar', lit(basic.outVar)],
    ['users', arrayCode(users)],
    ['credentials', basic.credentials === null ? lit(null) : sourceCode(basic.credentials, ctx)],
  ])
}

/** `[method, requirement]` pairs of a route; `*` without operations. */
function routeRequirements(
  definition: DefinitionNode,
  route: RouteNode,
  enforced: ReadonlySet<string>,
): [string, Alternative[]][] {
  const out: [string, Alternative[]][] = []
  for (const operation of route.operations ?? [null]) {
    const requirement = operationRequirement(definition, route, operation, enforced)
    if (requirement !== null) out.push([operation?.method ?? '*', requirement])
  }
  return out
}

export function emitSecurity(definition: DefinitionNode, ctx: EmitContext): Code | null {
  const schemes: Code[] = []
  const enforced = new Set<string>()
  for (const scheme of definition.securitySchemes) {
    if (!scheme.enforced) continue
    const code = schemeCode(definition, scheme, ctx)
    // An enforced scheme whose settings cannot be read was reported; never let it pass silently.
    invariant(code !== null, `security scheme ${scheme.name} has no usable settings`)
    enforced.add(scheme.name)
    schemes.push(comment(`${scheme.name} (${ctx.at(scheme.loc)})`), js`${code},`)
  }
  if (enforced.size === 0) return null
  const routes: Code[] = []
  const requirementType = ctx.runtimeType('RequirementSpec')
  for (const route of [...definition.routes].sort((a, b) =>
    a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0,
  )) {
    const methods = routeRequirements(definition, route, enforced)
    if (methods.length === 0) continue
    const entries = methods.map(([method, requirement]) =>
      arrayCode([lit(method), ctx.hoist('REQUIREMENT', js`${listCode(requirement)} satisfies ${requirementType}`)]),
    )
    routes.push(
      comment(`${route.pattern} (${ctx.at(route.loc)})`),
      js`${arrayCode([lit(route.pattern), arrayCode(entries)])},`,
    )
  }
  const block = (lines: readonly Code[]): Code =>
    lines.length === 0 ? lit([]) : js`[\n${indent(joinCode(lines, '\n'), 2)}\n  ]`
  return js`/** Security schemes and the effective requirement of each route (security.md A1-A16), checked at PL8. */
export const SECURITY: ${ctx.runtimeType('SecurityConfig')} = ${ctx.runtime('defineSecurity')}({
  schemes: ${block(schemes)},
  routes: ${block(routes)},
})
`
}

export const SECURITY_PART: AppPart = {
  field: 'security',
  module: 'security.ts',
  constant: 'SECURITY',
  emit: ({ definition }, ctx) => emitSecurity(definition, ctx),
}
