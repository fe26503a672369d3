/**
 * The `log` action (actions.md ACT-log-1..4, operations.md LG4): the template runs on the main content
 * (ACT-COMMON-3); an output that is not a JSON object is an RW and changes nothing. The fields are
 * merged into the request's registry (`ctx.logFields`): scalars and arrays replace, objects merge
 * recursively (replacing a registered non-object), `null` removes; fields keep the position of their
 * first registration. The access log system fields (LG3) cannot be set or removed: they are skipped
 * with a debug message (topic `log`). The access log line writes the registry after its own fields.
 */
import type { FlowContext } from '../../context/flow-context.js'
import type { CompiledTemplate } from '../../template/compiled-template.js'
import { invalidOutputMessage, parseTemplateOutput, renderTemplate } from '../../template/output.js'
import { JsonObject, type JsonValue } from '../../values/json-value.js'

/** The access log's own fields (operations.md LG3, actions.md ACT-log-3). */
export const ACCESS_LOG_SYSTEM_FIELDS: ReadonlySet<string> = new Set([
  'timestamp',
  'type',
  'requestID',
  'url',
  'path',
  'status',
  'method',
  'agent',
  'referrer',
  'mime',
  'realtime',
  'bytes',
  'requestbytes',
  'flow',
  'requestmime',
  'location',
  'errorCode',
  'aborted',
])

/** Runs the action. */
export function log(ctx: FlowContext, template: CompiledTemplate): void {
  const output = parseTemplateOutput(renderTemplate(ctx, template))
  if (output.kind !== 'json' || !(output.value instanceof JsonObject)) {
    const why = output.kind === 'invalid' ? invalidOutputMessage(output.error) : 'the result is not a JSON object'
    ctx.debug?.('warn', 'log', `${template.at}: log: ${why}; no fields registered`)
    return
  }
  const fields = output.value
  const kept: [string, JsonValue][] = []
  for (let i = 0; i < fields.keys.length; i++) {
    const key = fields.keys[i]!
    if (ACCESS_LOG_SYSTEM_FIELDS.has(key))
      ctx.debug?.('debug', 'log', `${template.at}: log: ${key} is an access log field and cannot be set`)
    else kept.push([key, fields.values[i]!])
  }
  ctx.logFields = mergeFields(ctx.logFields, kept)
}

/** ACT-log-2: `update` merged into `registered` (a new object; registered values are never changed). */
export function mergeFields(
  registered: JsonObject | null,
  update: readonly (readonly [string, JsonValue])[],
): JsonObject {
  const keys = registered ? [...registered.keys] : []
  const values = registered ? [...registered.values] : []
  for (const [key, value] of update) {
    const at = keys.indexOf(key)
    if (value === null) {
      if (at >= 0) {
        keys.splice(at, 1)
        values.splice(at, 1)
      }
      continue
    }
    let merged = value
    if (value instanceof JsonObject) {
      const before = at >= 0 ? values[at] : undefined
      merged = mergeFields(before instanceof JsonObject ? before : null, memberList(value))
    }
    if (at >= 0) values[at] = merged
    else {
      keys.push(key)
      values.push(merged)
    }
  }
  return new JsonObject(keys, values)
}

function memberList(object: JsonObject): [string, JsonValue][] {
  return object.keys.map((key, i) => [key, object.values[i]!])
}
