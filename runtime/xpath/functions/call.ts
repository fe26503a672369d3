/**
 * The call context every extension function receives (xpath-functions.md FN-0-3, FN-0-6): the
 * request's FlowContext, the template-local scope, and the evaluating action (its `file:line:col` and
 * element name). Failures are reported as RW: a debug message at level `warn` whose topic is the
 * action's name (flows.md section 0), naming the function and the reason (`json-parse(): invalid
 * JSON at 1:7`); the function then returns its documented failure value.
 */
import type { DebugLevel, FlowContext } from '../../context/flow-context.js'
import type { VariableScope } from '../scope.js'
import { FunctionCaches } from './caches.js'

export interface FunctionCall {
  readonly ctx: FlowContext
  readonly scope: VariableScope | undefined
  /** `flows/x.xml:3:5` of the evaluating action (site-relative), when known. */
  readonly at?: string | undefined
  /** The evaluating action's element name (`eval`, `if`, `template`, ...), when known. */
  readonly action?: string | undefined
}

/** Topic of messages whose action is unknown. */
const FALLBACK_TOPIC = 'flow'

/** Writes a debug message of the call (operations.md LG7) with the action's name as topic. */
export function debugMessage(call: FunctionCall, level: DebugLevel, message: string): void {
  call.ctx.debug?.(level, call.action ?? FALLBACK_TOPIC, message)
}

/** FN-0-3: an RW naming the function and the reason. */
export function warn(call: FunctionCall, name: string, reason: string): void {
  debugMessage(call, 'warn', `${name}(): ${reason}`)
}

/** The gateway's caches, or fresh ones (nothing kept) for contexts made without them (tests). */
export function cachesOf(call: FunctionCall): FunctionCaches {
  return call.ctx.gateway.functionCaches ?? new FunctionCaches(call.ctx.gateway.siteRoot, { keep: false })
}

/**
 * The site-relative directory of the flow file that holds the expression (LOC-1: relative paths),
 * from the action's `file:line:col`; '' for the site root or when unknown.
 */
export function flowDirectory(call: FunctionCall): string {
  const at = call.at
  if (at === undefined) return ''
  const file = at.replace(/:\d+:\d+$/, '')
  const slash = file.lastIndexOf('/')
  return slash < 0 ? '' : file.slice(0, slash)
}
