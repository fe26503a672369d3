/**
 * `x-svc-proxy` handlers in the route table (definition.md PX1-PX9, upstream.md UP-PROXY-8): a hoisted
 * `PROXY_n = proxyHandler({ ...configuration... }, { at, dir, streamRequestBody, stages })`. The configuration
 * is written as a literal object in document order; `{env: NAME}` values become `proxyEnv("NAME")`,
 * read per request (PX4).
 */
import type { OperationStageName } from '../../runtime/context/handler.js'
import { assertNever } from '../diagnostics/invariant.js'
import type { ProxyHandlerNode, ProxyValueNode } from '../ir/definition.js'
import { type Code, joinCode, js, lit, type Name } from './code.js'
import type { EmitContext } from './context.js'

export function proxyHandlerCode(
  node: ProxyHandlerNode,
  ctx: EmitContext,
  streamRequestBody: boolean,
  stages: readonly OperationStageName[],
): Name {
  const settings = js`{ at: ${lit(ctx.at(node.loc))}, dir: ${lit(node.dir)}, streamRequestBody: ${lit(streamRequestBody)}, stages: ${lit(stages)} }`
  return ctx.hoist('PROXY', js`${ctx.runtime('proxyHandler')}(${valueCode(node.config, ctx)}, ${settings})`)
}

function valueCode(value: ProxyValueNode, ctx: EmitContext): Code {
  switch (value.kind) {
    case 'json':
      return lit(value.value)
    case 'env':
      return js`${ctx.runtime('proxyEnv')}(${lit(value.name)})`
    case 'array':
      return js`[${joinCode(
        value.items.map((item) => valueCode(item, ctx)),
        ', ',
      )}]`
    case 'object':
      if (value.members.length === 0) return js`{}`
      // a literal `"__proto__":` key would set the prototype: that one is written as a computed key
      return js`{ ${joinCode(
        value.members.map(([key, member]) =>
          key === '__proto__'
            ? js`[${lit(key)}]: ${valueCode(member, ctx)}`
            : js`${lit(key)}: ${valueCode(member, ctx)}`,
        ),
        ', ',
      )} }`
    default:
      return assertNever(value)
  }
}
