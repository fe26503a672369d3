/**
 * Debug output from flows (operations.md DB1-DB3, flows.md F-DBG-2, actions.md ACT-COMMON-1,
 * ACT-sub-flow-5): the topics of an action are its element name, its own `debug` attribute and those
 * of every `sub-flow` it runs inside. Generated code wraps an action that has a `debug` attribute in
 * `enterDebugScope` / `leaveDebugScope`; a `sub-flow` so wrapped passes its topics to every action of
 * the called flow. Leaving the scope writes the action's duration at `debug` level when selected.
 *
 * Helpers for actions and functions: `debugSelected` (check first, build the text only then) and
 * `emitDebug` (write a message already found selected), usable at every level, `error` and `alert`
 * included (`ctx.debug` is null under configurations that select nothing below `error`).
 */
import type { DebugLevel, FlowContext, RequestDebugSession } from '../context/flow-context.js'

/** A compiled `debug` attribute: where the action is and the topics it adds (hoisted constant). */
export interface DebugScopeSpec {
  /** `flows/x.xml:3:5`. */
  readonly at: string
  /** The element name (the action's own topic). */
  readonly action: string
  readonly topics: readonly string[]
}

/** Saved state of an entered scope. */
export interface DebugScope {
  readonly spec: DebugScopeSpec
  readonly saved: readonly string[]
  readonly started: number
}

/** A frozen DebugScopeSpec (generated code hoists one per `debug` attribute). */
export function debugScope(at: string, action: string, topics: readonly string[]): DebugScopeSpec {
  return Object.freeze({ at, action, topics: Object.freeze([...topics]) })
}

/** Adds the action's topics to the ones in force until leaveDebugScope (F-DBG-2). */
export function enterDebugScope(ctx: FlowContext, spec: DebugScopeSpec): DebugScope {
  const saved = ctx.debugTopics
  ctx.debugTopics = saved.length === 0 ? spec.topics : [...saved, ...spec.topics]
  return { spec, saved, started: performance.now() }
}

export function leaveDebugScope(ctx: FlowContext, scope: DebugScope): void {
  const { spec } = scope
  if (debugSelected(ctx, 'debug', spec.action)) {
    emitDebug(
      ctx,
      'debug',
      spec.action,
      `${spec.at}: ${spec.action}: done in ${(performance.now() - scope.started).toFixed(3)} ms`,
    )
  }
  ctx.debugTopics = scope.saved
}

/** Whether a message of `level` with `topic` (or a topic in force) is emitted for this request. */
export function debugSelected(ctx: FlowContext, level: DebugLevel, topic: string): boolean {
  const session = ctx.debugSession
  return session !== null && session.selects(level, topic, ctx.debugTopics)
}

/** Writes a message that debugSelected accepted; `data` is an optional plain JSON-like value (LG7). */
export function emitDebug(ctx: FlowContext, level: DebugLevel, topic: string, message: string, data?: unknown): void {
  ctx.debugSession?.write(level, topic, message, data)
}

/** Gives a flow context the request's debug session and its writer (`ctx.debug`). */
export function attachDebugSession(ctx: FlowContext, session: RequestDebugSession | null): void {
  ctx.debugSession = session
  ctx.debug = session === null ? null : session.writerFor(ctx)
}
