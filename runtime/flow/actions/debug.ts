/**
 * The `debug` action (actions.md ACT-debug-2..4; operations.md DB2): the message is written when the
 * request's debug configuration selects its level and one of `*`, `debug`, its channel or a topic of
 * the action (flows.md F-DBG-2, the topics in force); generated code asks first and evaluates the
 * subject only then. The text is the value's text (runtime/flow/actions/value-text, ACT-debug-3);
 * missing input writes an empty message; the channel is the message's topic.
 */
import type { DebugLevel, FlowContext } from '../../context/flow-context.js'
import { debugSelected, emitDebug } from '../../debug/flow-debug.js'
import type { Sequence } from '../../values/item.js'
import { valueText } from './value-text.js'

export function debugActionSelected(ctx: FlowContext, level: DebugLevel, channel: string): boolean {
  return debugSelected(ctx, level, 'debug') || debugSelected(ctx, level, channel)
}

export function debug(ctx: FlowContext, level: DebugLevel, channel: string, value: Sequence | undefined): void {
  emitDebug(ctx, level, channel, value === undefined ? '' : valueText(value))
}
