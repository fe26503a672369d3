/**
 * `securityDefinitions` entries (security.md A1-A8, J3; definition.md CC7, CC16): scheme types,
 * `in`/`name` of apiKey schemes, where `x-svc-jwt`, `x-svc-cookiename` and `x-svc-basicauth` may
 * appear, and whether a scheme is enforced. The extensions' own structure: jwt-extension.ts and
 * basicauth-extension.ts.
 */
import type { FlowRef, SecuritySchemeNode } from '../ir/definition.js'
import { checkBasicAuth } from './basicauth-extension.js'
import type { LoadContext } from './context.js'
import { type DocNode, entryOf, missingKeyLoc, toPlain, valueOf } from './doc-node.js'
import { checkExtensions } from './extensions.js'
import { checkJwt } from './jwt-extension.js'
import { memberPointer } from './schema-object.js'

const SCHEME_TYPES = ['apiKey', 'basic', 'oauth2'] as const
type SchemeType = (typeof SCHEME_TYPES)[number]

/** Type and enforcement of each scheme, read without diagnostics so requirements can be checked anywhere. */
export interface SchemeSummary {
  readonly type: SchemeType | null
  readonly enforced: boolean
}

export function summarizeSchemes(node: DocNode | undefined): Map<string, SchemeSummary> {
  const out = new Map<string, SchemeSummary>()
  if (node?.kind !== 'map') return out
  for (const entry of node.entries) {
    const scheme = entry.value
    const typeValue = scheme.kind === 'map' ? valueOf(scheme, 'type') : undefined
    const type =
      typeValue?.kind === 'scalar' && SCHEME_TYPES.includes(typeValue.value as SchemeType)
        ? (typeValue.value as SchemeType)
        : null
    const has = (key: string) => scheme.kind === 'map' && entryOf(scheme, key) !== undefined
    out.set(entry.key, {
      type,
      enforced: (type === 'apiKey' && has('x-svc-jwt')) || (type === 'basic' && has('x-svc-basicauth')),
    })
  }
  return out
}

export function loadSecuritySchemes(node: DocNode, pointer: string, ctx: LoadContext): SecuritySchemeNode[] {
  if (node.kind !== 'map') {
    ctx.error('security/invalid-scheme', node.loc, 'securityDefinitions must be an object')
    return []
  }
  const out: SecuritySchemeNode[] = []
  for (const entry of node.entries) {
    const scheme = loadScheme(entry.key, entry.value, memberPointer(pointer, entry.key), ctx)
    if (scheme !== null) out.push(scheme)
  }
  return out
}

function loadScheme(name: string, node: DocNode, pointer: string, ctx: LoadContext): SecuritySchemeNode | null {
  if (node.kind !== 'map') {
    ctx.error('security/invalid-scheme', node.loc, `security scheme "${name}" must be an object`)
    return null
  }
  const typeNode = valueOf(node, 'type')
  let type: SchemeType | null = null
  if (typeNode === undefined) ctx.error('security/invalid-scheme', missingKeyLoc(node), 'missing required key "type"')
  else if (typeNode.kind === 'scalar' && SCHEME_TYPES.includes(typeNode.value as SchemeType))
    type = typeNode.value as SchemeType
  else
    ctx.error(
      'security/invalid-scheme',
      typeNode.loc,
      `unknown security scheme type ${typeNode.kind === 'scalar' ? JSON.stringify(typeNode.text) : 'value'}; expected one of ${SCHEME_TYPES.join(', ')}`,
    )

  const hasJwt = entryOf(node, 'x-svc-jwt') !== undefined
  const scan = checkExtensions(node, 'scheme', ctx, (extension) =>
    extension === 'x-svc-jwt'
      ? type === 'apiKey'
      : extension === 'x-svc-basicauth'
        ? type === 'basic'
        : type === 'apiKey' && hasJwt,
  )
  const inNode = valueOf(node, 'in')
  const nameNode = valueOf(node, 'name')
  const inValue = inNode?.kind === 'scalar' && typeof inNode.value === 'string' ? inNode.value : null
  const paramName = nameNode?.kind === 'scalar' && typeof nameNode.value === 'string' ? nameNode.value : null
  if (type === 'apiKey') {
    if (inNode === undefined) ctx.error('security/invalid-scheme', missingKeyLoc(node), 'missing required key "in"')
    else if (inValue !== 'header' && inValue !== 'query')
      ctx.error('security/invalid-scheme', inNode.loc, 'in must be "header" or "query" for an apiKey scheme')
    if (nameNode === undefined) ctx.error('security/invalid-scheme', missingKeyLoc(node), 'missing required key "name"')
    else if (paramName === null) ctx.error('security/invalid-scheme', nameNode.loc, 'name must be a string')
  }

  let postCheckFlow: FlowRef | null = null
  let jwt = null
  let cookieName: string | null = null
  if (scan.recognized.has('x-svc-jwt')) {
    const jwtNode = valueOf(node, 'x-svc-jwt')!
    postCheckFlow = checkJwt(jwtNode, ctx)
    jwt = {
      loc: jwtNode.loc,
      file: jwtNode.loc.file,
      pointer: memberPointer(pointer, 'x-svc-jwt'),
      value: toPlain(jwtNode),
    }
    const cookie = entryOf(node, 'x-svc-cookiename')
    const isCookie = paramName !== null && paramName.toLowerCase() === 'cookie'
    if (isCookie && cookie === undefined)
      ctx.error('security/invalid-scheme', nameNode!.loc, 'x-svc-cookiename is required when name is Cookie')
    if (cookie !== undefined) {
      if (!isCookie)
        ctx.error('security/invalid-scheme', cookie.keyLoc, 'x-svc-cookiename is only allowed when name is Cookie')
      else if (cookie.value.kind === 'scalar' && typeof cookie.value.value === 'string' && cookie.value.value !== '')
        cookieName = cookie.value.value
      else
        ctx.error('definition/invalid-extension-value', cookie.value.loc, 'x-svc-cookiename must be a non-empty string')
    }
  }
  let basicAuth = null
  if (scan.recognized.has('x-svc-basicauth')) {
    const basicNode = valueOf(node, 'x-svc-basicauth')!
    checkBasicAuth(basicNode, ctx)
    basicAuth = {
      loc: basicNode.loc,
      file: basicNode.loc.file,
      pointer: memberPointer(pointer, 'x-svc-basicauth'),
      value: toPlain(basicNode),
    }
  }
  if (type === null) return null
  return {
    kind: 'security-scheme',
    loc: node.loc,
    name,
    type,
    in: inValue,
    paramName,
    jwt,
    cookieName,
    basicAuth,
    postCheckFlow,
    enforced: (type === 'apiKey' && jwt !== null) || (type === 'basic' && basicAuth !== null),
  }
}
