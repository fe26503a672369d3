/**
 * The `upstreamPools` app part (upstream.md UP-POOL-1): `src/upstream-pools.ts` exports the pools of
 * `x-svc-upstreams`, one hoisted constant each, with every default filled in.
 */
import type { DefinitionNode, UpstreamPoolNode } from '../../ir/definition.js'
import type { AppPart } from '../app-part.js'
import { type Code, comment, joinCode, js, lit } from '../code.js'
import type { EmitContext } from '../context.js'
import { arrayCode, blockObjectCode, objectCode } from './object-code.js'
import { keyCode } from './rate-limits.js'

function targetsCode(targets: UpstreamPoolNode['targets']): Code {
  if ('env' in targets) return objectCode([['env', lit(targets.env)]])
  return arrayCode(
    targets.map((target) =>
      objectCode([
        ['url', lit(target.url)],
        ['weight', lit(target.weight)],
      ]),
    ),
  )
}

function poolCode(pool: UpstreamPoolNode, ctx: EmitContext): Code {
  const check = pool.healthCheck
  const passive = pool.passive
  const spec = blockObjectCode([
    ['name', lit(pool.name)],
    ['targets', targetsCode(pool.targets)],
    ['balance', lit(pool.balance)],
    ['hashKey', pool.hashKey === null ? lit(null) : keyCode(pool.hashKey, ctx, 'x-svc-upstreams')],
    [
      'healthCheck',
      check === null
        ? lit(null)
        : objectCode([
            ['path', lit(check.path)],
            ['interval', lit(check.interval)],
            ['timeout', lit(check.timeout)],
            ['healthy', lit(check.healthy)],
            ['unhealthy', lit(check.unhealthy)],
          ]),
    ],
    [
      'passive',
      passive === null
        ? lit(null)
        : objectCode([
            ['failures', lit(passive.failures)],
            ['coolDown', lit(passive.coolDown)],
            ['maxCoolDown', lit(passive.maxCoolDown)],
          ]),
    ],
    ['retries', lit(pool.retries)],
    ['retryDelay', lit(pool.retryDelay)],
    ['retryNonIdempotent', lit(pool.retryNonIdempotent)],
  ])
  return ctx.hoist('POOL', js`${spec} satisfies ${ctx.runtimeType('UpstreamPoolSpec')}`)
}

function emitUpstreamPools(definition: DefinitionNode, ctx: EmitContext): Code | null {
  if (definition.upstreamPools.length === 0) return null
  const pools = definition.upstreamPools.map((pool) => js`  ${poolCode(pool, ctx)},`)
  return js`${comment('the pools of x-svc-upstreams: a request URL whose host is a pool name goes to its targets (upstream.md UP-POOL)')}
export const UPSTREAM_POOLS: ${ctx.runtimeType('UpstreamPoolTable')} = ${ctx.runtime('defineUpstreamPools')}([
${joinCode(pools, '\n')}
])
`
}

export const UPSTREAM_POOLS_PART: AppPart = {
  field: 'upstreamPools',
  module: 'upstream-pools.ts',
  constant: 'UPSTREAM_POOLS',
  emit: ({ definition }, ctx) => emitUpstreamPools(definition, ctx),
}
