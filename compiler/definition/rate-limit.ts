/**
 * `x-svc-rate-limit` and `x-svc-rate-limit-headers` (rate-limits.md RL1-RL6; definition.md CC9):
 * one policy object or a list of them, each with `limit` and `window` (whole numbers >= 1), `key`
 * (`client-ip`, `header:<name>`, `jwt:<claim>`) and an optional `name`. Every problem is reported at
 * the value it concerns; an invalid value gives no limit (the build fails anyway).
 */
import { suggest } from '../diagnostics/did-you-mean.js'
import type { RateLimitHeadersMode, RateLimitNode, RateLimitPolicyNode, RequestKeyNode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { type DocNode, type MapNode, missingKeyLoc, quote } from './doc-node.js'
import { parseRequestKey } from './request-key.js'

const PROPERTIES = ['limit', 'window', 'key', 'name'] as const
const HEADER_MODES: readonly RateLimitHeadersMode[] = ['ietf', 'legacy', 'none']
/** A policy name: printable ASCII without `"` and `\`, so that it reads the same in a header field. */
const POLICY_NAME = /^[\x21\x23-\x5b\x5d-\x7e]+$/

export function loadRateLimit(node: DocNode, ctx: LoadContext): RateLimitNode | null {
  const items = node.kind === 'seq' ? node.items : [node]
  if (node.kind === 'seq' && items.length === 0) {
    ctx.error('definition/invalid-extension-value', node.loc, 'x-svc-rate-limit must not be an empty list')
    return null
  }
  const policies: RateLimitPolicyNode[] = []
  let valid = true
  for (const item of items) {
    const policy = loadPolicy(item, ctx)
    if (policy === null) valid = false
    else policies.push(policy)
  }
  const seen = new Set<string>()
  for (const policy of policies) {
    if (seen.has(policy.name)) {
      ctx.error(
        'definition/invalid-extension-value',
        policy.loc,
        `two policies of this x-svc-rate-limit are named ${JSON.stringify(policy.name)}; give each a distinct name`,
      )
      valid = false
    }
    seen.add(policy.name)
  }
  return valid ? { kind: 'rate-limit', loc: node.loc, policies } : null
}

export function loadRateLimitHeaders(node: DocNode, ctx: LoadContext): RateLimitHeadersMode {
  const value = node.kind === 'scalar' ? node.value : undefined
  const mode = HEADER_MODES.find((m) => m === value)
  if (mode !== undefined) return mode
  ctx.error('definition/invalid-extension-value', node.loc, 'x-svc-rate-limit-headers must be ietf, legacy or none')
  return 'ietf'
}

function loadPolicy(node: DocNode, ctx: LoadContext): RateLimitPolicyNode | null {
  if (node.kind !== 'map') {
    ctx.error(
      'definition/invalid-extension-value',
      node.loc,
      'x-svc-rate-limit must be a policy object ({limit, window, key}) or a list of them',
    )
    return null
  }
  let valid = true
  const fail = (at: DocNode, message: string): void => {
    ctx.error('definition/invalid-extension-value', at.loc, message)
    valid = false
  }
  let limit: number | undefined
  let window: number | undefined
  let key: RequestKeyNode | undefined
  let name: string | undefined
  for (const entry of node.entries) {
    const value = entry.value
    switch (entry.key) {
      case 'limit':
        limit = wholeNumber(value)
        if (limit === undefined) fail(value, 'x-svc-rate-limit.limit must be a whole number of requests, at least 1')
        break
      case 'window':
        window = wholeNumber(value)
        if (window === undefined) fail(value, 'x-svc-rate-limit.window must be a whole number of seconds, at least 1')
        break
      case 'key': {
        const parsed =
          value.kind === 'scalar' && typeof value.value === 'string'
            ? parseRequestKey(value, ctx, 'x-svc-rate-limit.key')
            : null
        if (typeof parsed === 'object' && parsed !== null) key = parsed
        else if (parsed !== undefined)
          fail(value, typeof parsed === 'string' ? parsed : 'x-svc-rate-limit.key must be a string')
        else valid = false
        break
      }
      case 'name':
        if (value.kind === 'scalar' && typeof value.value === 'string' && POLICY_NAME.test(value.value))
          name = value.value
        else fail(value, 'x-svc-rate-limit.name must be printable ASCII without spaces, `"` or `\\`')
        break
      default: {
        const hint = suggest(entry.key, PROPERTIES, quote)
        ctx.error(
          'definition/invalid-extension-value',
          entry.keyLoc,
          `unknown property "${entry.key}" in x-svc-rate-limit${hint.suffix}`,
          hint.names,
        )
        valid = false
      }
    }
  }
  for (const property of ['limit', 'window', 'key'] as const) {
    if (node.entries.some((entry) => entry.key === property)) continue
    ctx.error(
      'definition/invalid-extension-value',
      missingKeyLoc(node as MapNode),
      `x-svc-rate-limit.${property} is required`,
    )
    valid = false
  }
  if (!valid || limit === undefined || window === undefined || key === undefined) return null
  return { loc: node.loc, limit, window, key, name: name ?? `${limit}-per-${window}s` }
}

function wholeNumber(node: DocNode): number | undefined {
  if (node.kind !== 'scalar' || typeof node.value !== 'number') return undefined
  return Number.isSafeInteger(node.value) && node.value >= 1 ? node.value : undefined
}
