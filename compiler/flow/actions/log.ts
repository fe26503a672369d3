/**
 * `<log>TEMPLATE</log>` (actions.md ACT-log-1, ACT-log-3): no attributes of its own; the body is a JSON
 * object template, checked now when static (CE when it is not an object, ACT-COMMON-3). Static fields
 * named like access log system fields give a CW, as they are ignored at run time.
 */
import { ACCESS_LOG_SYSTEM_FIELDS } from '../../../runtime/flow/actions/log.js'
import { JsonObject } from '../../../runtime/values/json-value.js'
import { checkStaticObject, optionalBody } from './template-body.js'
import type { ActionEntry } from './types.js'

export const LOG: ActionEntry<'log'> = {
  name: 'log',
  inputs: (node) => [node.template],
  lower(element, ctx, fields) {
    const template = optionalBody(element, ctx)
    if (template === undefined || !checkStaticObject(template, element, ctx)) return undefined
    if (template.staticJson instanceof JsonObject) {
      for (const key of template.staticJson.keys) {
        if (ACCESS_LOG_SYSTEM_FIELDS.has(key))
          ctx.bag.warning(
            'flow/log-system-field',
            template.body[0]!.loc,
            `${key} is an access log field; <log> cannot set it`,
          )
      }
    }
    return { kind: 'log', ...fields, template }
  },
}
