/**
 * `x-svc-upstreams` (upstream.md UP-POOL-1): named pools of targets with their balancing, health and
 * retry settings. Every problem is reported at the value it concerns; a pool with a problem is left
 * out (the build fails anyway).
 */
import { DEFAULT_BREAKER } from '../../runtime/upstream/options.js'
import { checkPoolName, parsePoolTargetUrl } from '../../runtime/upstream/pools/names.js'
import { suggest } from '../diagnostics/did-you-mean.js'
import type { PoolBalance, PoolTargetNode, RequestKeyNode, UpstreamPoolNode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { type DocNode, type MapNode, missingKeyLoc, quote } from './doc-node.js'
import { parseRequestKey } from './request-key.js'

const POOL_KEYS = [
  'targets',
  'balance',
  'hash-key',
  'health-check',
  'passive',
  'retries',
  'retry-delay',
  'retry-non-idempotent',
] as const
const BALANCES: readonly PoolBalance[] = ['round-robin', 'least-requests', 'hash']
const HEALTH_KEYS = ['path', 'interval', 'timeout', 'healthy', 'unhealthy'] as const
const PASSIVE_KEYS = ['failures', 'cool-down', 'max-cool-down'] as const
/** Defaults of UP-POOL-1 (Envoy's outlier detection for the breaker, Kong's and APISIX's checks). */
export const POOL_DEFAULTS = {
  passive: DEFAULT_BREAKER,
  healthCheck: { interval: 5, timeout: 1, healthy: 2, unhealthy: 3 },
  retries: 1,
  retryDelay: 0.025,
} as const

/** Reports `message` at `at` (none: already reported) and marks the pool invalid. */
type Fail = (at: DocNode, message: string | null) => void

export function loadUpstreamPools(node: DocNode, ctx: LoadContext): UpstreamPoolNode[] {
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-extension-value', node.loc, 'x-svc-upstreams must map pool names to pools')
    return []
  }
  const pools: UpstreamPoolNode[] = []
  for (const entry of node.entries) {
    const problem = checkPoolName(entry.key)
    if (problem !== null) {
      ctx.error('definition/invalid-extension-value', entry.keyLoc, `x-svc-upstreams: ${problem}`)
      continue
    }
    const pool = loadPool(entry.key, entry.value, ctx)
    if (pool !== null) pools.push(pool)
  }
  return pools
}

function loadPool(name: string, node: DocNode, ctx: LoadContext): UpstreamPoolNode | null {
  const what = `x-svc-upstreams.${name}`
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-extension-value', node.loc, `${what} must be an object with targets`)
    return null
  }
  let valid = true
  const fail: Fail = (at, message) => {
    if (message !== null) ctx.error('definition/invalid-extension-value', at.loc, message)
    valid = false
  }
  let targets: UpstreamPoolNode['targets'] | null = null
  let balance: PoolBalance = 'round-robin'
  let hashKey: RequestKeyNode | null = null
  let hashKeyNode: DocNode | null = null
  let healthCheck: UpstreamPoolNode['healthCheck'] = null
  let passive: UpstreamPoolNode['passive'] = POOL_DEFAULTS.passive
  let retries: number = POOL_DEFAULTS.retries
  let retryDelay: number = POOL_DEFAULTS.retryDelay
  let retryNonIdempotent = false
  for (const entry of node.entries) {
    const value = entry.value
    const key = `${what}.${entry.key}`
    switch (entry.key) {
      case 'targets':
        targets = loadTargets(value, key, fail)
        break
      case 'balance': {
        const found = BALANCES.find((b) => value.kind === 'scalar' && value.value === b)
        if (found === undefined) fail(value, `${key} must be round-robin, least-requests or hash`)
        else balance = found
        break
      }
      case 'hash-key': {
        hashKeyNode = value
        const parsed =
          value.kind === 'scalar' && typeof value.value === 'string' ? parseRequestKey(value, ctx, key) : null
        if (typeof parsed === 'object' && parsed !== null) hashKey = parsed
        else if (parsed === undefined) valid = false
        else fail(value, typeof parsed === 'string' ? parsed : `${key} must be a string`)
        break
      }
      case 'health-check':
        healthCheck = loadHealthCheck(value, key, fail, ctx)
        break
      case 'passive':
        passive = loadPassive(value, key, fail, ctx)
        break
      case 'retries': {
        const n = wholeNumber(value, 0, 10)
        if (n === undefined) fail(value, `${key} must be a whole number from 0 to 10`)
        else retries = n
        break
      }
      case 'retry-delay': {
        const seconds = positiveNumber(value)
        if (seconds === undefined) fail(value, `${key} must be a number of seconds greater than 0`)
        else retryDelay = seconds
        break
      }
      case 'retry-non-idempotent':
        if (value.kind === 'scalar' && typeof value.value === 'boolean') retryNonIdempotent = value.value
        else fail(value, `${key} must be true or false`)
        break
      default:
        unknownKey(entry.key, entry.keyLoc, POOL_KEYS, what, ctx)
        valid = false
    }
  }
  if (targets === null && !node.entries.some((entry) => entry.key === 'targets')) {
    ctx.error('definition/invalid-extension-value', missingKeyLoc(node), `${what}.targets is required`)
    valid = false
  }
  if (balance === 'hash' && hashKey === null && hashKeyNode === null) {
    ctx.error(
      'definition/invalid-extension-value',
      missingKeyLoc(node),
      `${what}.hash-key is required with balance: hash`,
    )
    valid = false
  }
  if (balance !== 'hash' && hashKeyNode !== null) fail(hashKeyNode, `${what}.hash-key applies only with balance: hash`)
  if (!valid || targets === null) return null
  return {
    loc: node.loc,
    name,
    targets,
    balance,
    hashKey,
    healthCheck,
    passive,
    retries,
    retryDelay,
    retryNonIdempotent,
  }
}

function loadTargets(node: DocNode, what: string, fail: Fail): UpstreamPoolNode['targets'] | null {
  if (node.kind === 'map') {
    const env = node.entries.length === 1 && node.entries[0]!.key === 'env' ? node.entries[0]!.value : undefined
    if (env?.kind === 'scalar' && typeof env.value === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(env.value))
      return { env: env.value }
    fail(node, `${what} must be a list of target URLs or {env: VARIABLE}`)
    return null
  }
  if (node.kind !== 'seq' || node.items.length === 0) {
    fail(node, `${what} must be a non-empty list of target URLs or {env: VARIABLE}`)
    return null
  }
  const targets: PoolTargetNode[] = []
  const seen = new Set<string>()
  let valid = true
  for (const item of node.items) {
    const target = loadTarget(item, what, fail)
    if (target === null) {
      valid = false
      continue
    }
    if (seen.has(target.url)) {
      fail(item, `${what} lists ${target.url} twice; give it a weight instead`)
      valid = false
    }
    seen.add(target.url)
    targets.push(target)
  }
  return valid ? targets : null
}

function loadTarget(node: DocNode, what: string, fail: Fail): PoolTargetNode | null {
  let urlNode: DocNode | undefined = node
  let weight = 1
  if (node.kind === 'map') {
    urlNode = undefined
    for (const entry of node.entries) {
      if (entry.key === 'url') urlNode = entry.value
      else if (entry.key === 'weight') {
        const n = wholeNumber(entry.value, 1, 1000)
        if (n === undefined) {
          fail(entry.value, `${what}: a weight must be a whole number from 1 to 1000`)
          return null
        }
        weight = n
      } else {
        fail(node, `${what}: unknown property "${entry.key}" of a target (url, weight)`)
        return null
      }
    }
    if (urlNode === undefined) {
      fail(node, `${what}: a target object needs a url`)
      return null
    }
  }
  if (urlNode.kind !== 'scalar' || typeof urlNode.value !== 'string') {
    fail(urlNode, `${what}: a target is a URL string or {url, weight}`)
    return null
  }
  const parsed = parsePoolTargetUrl(urlNode.value)
  if (!parsed.ok) {
    fail(urlNode, `${what}: ${parsed.reason}`)
    return null
  }
  return { loc: urlNode.loc, url: parsed.url, weight }
}

function loadHealthCheck(node: DocNode, what: string, fail: Fail, ctx: LoadContext): UpstreamPoolNode['healthCheck'] {
  if (node.kind !== 'map') {
    fail(node, `${what} must be an object with a path`)
    return null
  }
  let path: string | null = null
  const numbers: Record<string, number> = { ...POOL_DEFAULTS.healthCheck }
  for (const entry of node.entries) {
    const value = entry.value
    switch (entry.key) {
      case 'path':
        if (value.kind === 'scalar' && typeof value.value === 'string' && /^\/[^\s#]*$/.test(value.value))
          path = value.value
        else fail(value, `${what}.path must be a path starting with /`)
        break
      case 'interval':
      case 'timeout': {
        const seconds = positiveNumber(value)
        if (seconds === undefined) fail(value, `${what}.${entry.key} must be a number of seconds greater than 0`)
        else numbers[entry.key] = seconds
        break
      }
      case 'healthy':
      case 'unhealthy': {
        const n = wholeNumber(value, 1, 100)
        if (n === undefined) fail(value, `${what}.${entry.key} must be a whole number from 1 to 100`)
        else numbers[entry.key] = n
        break
      }
      default:
        unknownKey(entry.key, entry.keyLoc, HEALTH_KEYS, what, ctx)
        fail(node, null)
    }
  }
  if (path === null) {
    if (!node.entries.some((entry) => entry.key === 'path')) fail(node, `${what}.path is required`)
    return null
  }
  return {
    path,
    interval: numbers.interval!,
    timeout: numbers.timeout!,
    healthy: numbers.healthy!,
    unhealthy: numbers.unhealthy!,
  }
}

function loadPassive(node: DocNode, what: string, fail: Fail, ctx: LoadContext): UpstreamPoolNode['passive'] {
  if (node.kind === 'scalar' && node.value === false) return null
  if (node.kind !== 'map') {
    fail(node, `${what} must be an object ({failures, cool-down, max-cool-down}) or false`)
    return null
  }
  let { failures, coolDown, maxCoolDown }: { failures: number; coolDown: number; maxCoolDown: number } =
    POOL_DEFAULTS.passive
  for (const entry of node.entries) {
    const value = entry.value
    switch (entry.key) {
      case 'failures': {
        const n = wholeNumber(value, 1, 1000)
        if (n === undefined) fail(value, `${what}.failures must be a whole number from 1 to 1000`)
        else failures = n
        break
      }
      case 'cool-down':
      case 'max-cool-down': {
        const seconds = positiveNumber(value)
        if (seconds === undefined) fail(value, `${what}.${entry.key} must be a number of seconds greater than 0`)
        else if (entry.key === 'cool-down') coolDown = seconds
        else maxCoolDown = seconds
        break
      }
      default:
        unknownKey(entry.key, entry.keyLoc, PASSIVE_KEYS, what, ctx)
        fail(node, null)
    }
  }
  if (maxCoolDown < coolDown) fail(node, `${what}.max-cool-down must not be less than cool-down`)
  return { failures, coolDown, maxCoolDown }
}

function unknownKey(key: string, loc: MapNode['loc'], known: readonly string[], what: string, ctx: LoadContext): void {
  const hint = suggest(key, known, quote)
  ctx.error('definition/invalid-extension-value', loc, `unknown property "${key}" in ${what}${hint.suffix}`, hint.names)
}

function wholeNumber(node: DocNode, min: number, max: number): number | undefined {
  if (node.kind !== 'scalar' || typeof node.value !== 'number') return undefined
  return Number.isSafeInteger(node.value) && node.value >= min && node.value <= max ? node.value : undefined
}

function positiveNumber(node: DocNode): number | undefined {
  if (node.kind !== 'scalar' || typeof node.value !== 'number') return undefined
  return Number.isFinite(node.value) && node.value > 0 ? node.value : undefined
}
