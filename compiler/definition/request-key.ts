/**
 * Request keys (rate-limits.md RL3, upstream.md UP-POOL-1): what a rate-limit policy counts by and
 * what a `hash` pool hashes: `client-ip`, `header:<name>`, `jwt:<claim>`, or an XPath expression over
 * `$request`, compiled and checked like every expression of a flow.
 */
import { subSource } from '../diagnostics/source.js'
import type { RequestKeyNode } from '../ir/definition.js'
import { parseExpression } from '../xpath/index.js'
import type { LoadContext } from './context.js'
import { HEADER_TOKEN } from './cors.js'
import type { ScalarNode } from './doc-node.js'

/**
 * The key written at `node`; a string is the problem with it (the caller reports it), undefined
 * means an expression's problems were reported. `what` names the setting in messages.
 */
export function parseRequestKey(node: ScalarNode, ctx: LoadContext, what: string): RequestKeyNode | string | undefined {
  const text = String(node.value)
  if (text === 'client-ip') return { kind: 'client-ip' }
  if (text.startsWith('header:')) {
    const name = text.slice('header:'.length).trim()
    return HEADER_TOKEN.test(name)
      ? { kind: 'header', name: name.toLowerCase() }
      : `invalid header name ${JSON.stringify(name)} in ${what}`
  }
  if (text.startsWith('jwt:')) {
    const claim = text.slice('jwt:'.length).trim()
    return claim !== '' ? { kind: 'jwt', claim } : `${what} jwt: needs a claim name (jwt:sub)`
  }
  if (text.includes('$')) return parseKeyExpression(node, ctx, what)
  return `unknown ${what} ${JSON.stringify(text)}: expected client-ip, header:<name>, jwt:<claim> or an XPath expression over $request`
}

/** An XPath expression over `$request`; it may read no other variable. */
function parseKeyExpression(node: ScalarNode, ctx: LoadContext, what: string): RequestKeyNode | undefined {
  const text = String(node.value)
  // a plain scalar starts at its node; a quoted one one character later (positions inside escapes are approximate)
  const sub = subSource(node.loc.file, text, undefined, node.loc.start + (node.plain ? 0 : 1))
  const expr = parseExpression(sub, ctx.bag)
  if (expr === undefined) return undefined
  const others = [...expr.variables].filter((name) => name !== 'request')
  if (others.length > 0) {
    ctx.error(
      'definition/invalid-extension-value',
      node.loc,
      `${what} expressions read only $request, not ${others.map((name) => `$${name}`).join(', ')}`,
    )
    return undefined
  }
  return { kind: 'expression', expr }
}
