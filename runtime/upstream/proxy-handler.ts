/**
 * `x-svc-proxy` handlers (definition.md PX1-PX9, upstream.md UP-PROXY-8, flows.md F-KIND-1): a
 * handler whose run behaves like a flow holding exactly one final `proxy-request` with the compiled
 * configuration. String values written as `{env: NAME}` are read from `$env` (PX4); an unset or empty
 * variable is error 3211. The configuration is checked once (per `$env` value when it reads any).
 */
import { type Completion, CONTINUE } from '../context/completion.js'
import type { FlowContext } from '../context/flow-context.js'
import type { OperationStageName, ProxyHandler } from '../context/handler.js'
import { gatewayError } from '../errors/raised-error.js'
import { OxnElement } from '../oxn/index.js'
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import { actionSite } from './action-site.js'
import { checkedProxyConfig, runProxy } from './proxy-action.js'
import type { ProxyConfig } from './proxy-config.js'

/** A string value read from the environment per request (PX4). */
export class EnvValue {
  constructor(readonly name: string) {}
}

/** Configuration data as generated code writes it: JSON-like, with EnvValue leaves. */
export type ProxyData =
  string | number | boolean | null | EnvValue | readonly ProxyData[] | { readonly [key: string]: ProxyData }

/** `{env: NAME}` in generated code. */
export function proxyEnv(name: string): EnvValue {
  return new EnvValue(name)
}

export interface ProxySettings {
  /** `file:line:col` of the `x-svc-proxy` key (RF info and 3211 messages). */
  readonly at: string
  /** Site-relative directory of the file holding it. */
  readonly dir: string
  /** The client body may be streamed (UP-GEN-6 step 2). */
  readonly streamRequestBody: boolean
  /** The stages after routing that apply to the operation (runtime/server/stages.ts); absent: all. */
  readonly stages?: readonly OperationStageName[]
}

const SITE_NAME = 'x-svc-proxy'

export function proxyHandler(data: ProxyData, settings: ProxySettings): ProxyHandler {
  const constant = !usesEnv(data)
  let checked: ProxyConfig | undefined
  // `$env` is one frozen value per gateway (F-VAR-14): the configuration read from it is checked
  // once per `$env` value; the weak keys keep gateways apart and let them go.
  const byEnv = new WeakMap<object, ProxyConfig>()
  const run = async (ctx: FlowContext): Promise<Completion> => {
    const site = actionSite(ctx, settings.at, SITE_NAME, settings.dir)
    const env = ctx.vars.get('env')
    let config = constant ? checked : byEnv.get(env)
    if (config === undefined) {
      config = checkedProxyConfig(ctx, site, resolve(ctx, data, settings.at), 'definition')
      if (constant) checked = config
      else byEnv.set(env, config)
    }
    await runProxy(ctx, site, config, true, true)
    return CONTINUE
  }
  const stages = settings.stages === undefined ? {} : { stages: Object.freeze([...settings.stages]) }
  return Object.freeze({
    kind: 'proxy',
    file: SITE_NAME,
    run,
    streamRequestBody: settings.streamRequestBody,
    ...stages,
  })
}

function usesEnv(data: ProxyData): boolean {
  if (data instanceof EnvValue) return true
  if (data === null || typeof data !== 'object') return false
  return Object.values(data as object).some((value) => usesEnv(value as ProxyData))
}

/** The configuration as a JsonValue, environment values read (PX4: 3211 when unset or empty). */
function resolve(ctx: FlowContext, data: ProxyData, at: string): JsonValue {
  if (data instanceof EnvValue) {
    const value = envValue(ctx, data.name)
    if (value === undefined || value === '') {
      throw gatewayError(
        'CONFIGURATION',
        [`Environment variable ${data.name} is not set (x-svc-proxy at ${at})`],
        ctx.requestId,
      )
    }
    return value
  }
  if (typeof data === 'number') return new JsonNumber(String(data))
  if (data === null || typeof data !== 'object') return data
  if (Array.isArray(data)) return data.map((item) => resolve(ctx, item as ProxyData, at))
  const keys = Object.keys(data)
  return new JsonObject(
    keys,
    keys.map((key) => resolve(ctx, (data as { readonly [key: string]: ProxyData })[key]!, at)),
  )
}

function envValue(ctx: FlowContext, name: string): string | undefined {
  const root = ctx.vars.get('env')[0]
  if (!(root instanceof OxnElement) || !(root.json instanceof JsonObject)) return undefined
  const value = root.json.get(name)
  return typeof value === 'string' ? value : undefined
}
