/**
 * Structural checks of `x-svc-cors` (security.md O7, O8; definition.md CC9, CC17, CC27) and its
 * normalised form with defaults filled. Origin matching itself belongs to the CORS issue.
 */
import { suggest } from '../diagnostics/did-you-mean.js'
import type { CorsNode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { quote } from './doc-node.js'
import { type DocNode, missingKeyLoc } from './doc-node.js'

const PROPERTIES = ['allowed-origins', 'allow-credentials', 'max-age', 'expose-headers'] as const

/** An HTTP header name (RFC 9110 token). */
export const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?'
/** `<scheme>://<host>[:<port>]`, the host optionally starting with a whole `*.` label (O8). */
const ORIGIN = new RegExp(
  `^[A-Za-z][A-Za-z0-9+.-]*://(?:\\*\\.)?(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::([0-9]{1,5}))?$`,
)

export function isValidOriginPattern(origin: string): boolean {
  if (origin === '*') return true
  const match = ORIGIN.exec(origin)
  if (match === null) return false
  if (origin.includes('://*.[')) return false
  const port = match[1]
  // A decimal port 1-65535 without leading zeros (O11: request origins are compared in that form).
  return port === undefined || (!port.startsWith('0') && Number(port) <= 65535)
}

function stringList(node: DocNode): { values: string[]; nodes: DocNode[] } | undefined {
  if (node.kind === 'scalar' && typeof node.value === 'string') return { values: [node.value], nodes: [node] }
  if (node.kind !== 'seq') return undefined
  const values: string[] = []
  for (const item of node.items) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') return undefined
    values.push(item.value)
  }
  return { values, nodes: [...node.items] }
}

export function loadCors(node: DocNode, ctx: LoadContext): CorsNode | null {
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-extension-value', node.loc, 'x-svc-cors must be an object')
    return null
  }
  let valid = true
  const fail = (
    at: DocNode | { loc: DocNode['loc'] },
    message: string,
    code: 'definition/invalid-extension-value' | 'security/invalid-cors' = 'security/invalid-cors',
    suggestions?: readonly string[],
  ) => {
    ctx.error(code, at.loc, message, suggestions)
    valid = false
  }
  const cors = { allowedOrigins: [] as string[], allowCredentials: false, maxAge: 7200, exposeHeaders: [] as string[] }
  let wildcard: DocNode | undefined
  let hasOrigins = false
  for (const entry of node.entries) {
    const value = entry.value
    switch (entry.key) {
      case 'allowed-origins': {
        hasOrigins = true
        const list = stringList(value)
        if (list === undefined) fail(value, 'x-svc-cors.allowed-origins must be a string or a list of strings')
        else if (list.values.length === 0) fail(value, 'x-svc-cors.allowed-origins must not be empty')
        else
          list.values.forEach((origin, i) => {
            if (!isValidOriginPattern(origin)) fail(list.nodes[i]!, `invalid origin pattern ${JSON.stringify(origin)}`)
            if (origin === '*') wildcard ??= list.nodes[i]
            cors.allowedOrigins.push(origin)
          })
        break
      }
      case 'allow-credentials':
        if (value.kind === 'scalar' && typeof value.value === 'boolean') cors.allowCredentials = value.value
        else fail(value, 'x-svc-cors.allow-credentials must be true or false', 'definition/invalid-extension-value')
        break
      case 'max-age':
        if (
          value.kind === 'scalar' &&
          typeof value.value === 'number' &&
          Number.isInteger(value.value) &&
          value.value >= 0
        )
          cors.maxAge = value.value
        else fail(value, 'x-svc-cors.max-age must be an integer >= 0')
        break
      case 'expose-headers': {
        const list = stringList(value)
        if (list === undefined)
          fail(
            value,
            'x-svc-cors.expose-headers must be a string or a list of strings',
            'definition/invalid-extension-value',
          )
        else
          list.values.forEach((name, i) => {
            if (!HEADER_TOKEN.test(name))
              fail(list.nodes[i]!, `invalid header name ${JSON.stringify(name)} in x-svc-cors.expose-headers`)
            cors.exposeHeaders.push(name)
          })
        break
      }
      default: {
        const hint = suggest(entry.key, PROPERTIES, quote)
        fail(
          { loc: entry.keyLoc },
          `unknown property "${entry.key}" in x-svc-cors${hint.suffix}`,
          'definition/invalid-extension-value',
          hint.names,
        )
      }
    }
  }
  if (!hasOrigins) fail({ loc: missingKeyLoc(node) }, 'x-svc-cors.allowed-origins is required')
  if (wildcard !== undefined && cors.allowCredentials) {
    ctx.warning(
      'security/cors-wildcard-credentials',
      wildcard.loc,
      'x-svc-cors.allowed-origins contains "*" while allow-credentials is true: any web site can send credentialed requests',
    )
  }
  return valid ? { kind: 'cors', loc: node.loc, ...cors } : null
}
