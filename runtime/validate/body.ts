/**
 * Checks a request or response body against a schema (validation.md VA16, VA24): a JSON media type
 * (oxn.md OXN-X6) is parsed and its value validated (`Type` `body is not valid JSON` when it does not
 * parse); any other media type is validated as text when the schema's type is `string` or absent, and
 * is a `Type` violation `expected a JSON body` otherwise. Names are JSON Pointers into the body (`/`
 * for the root); quoted values are strings as they are and other values as compact JSON (VA32a).
 */
import { exceedsJsonDepth } from '../oxn/json-depth.js'
import { mediaKindOf } from '../oxn/media-type.js'
import type { Content } from '../values/content.js'
import { mediaEssence } from './media-types.js'
import type { BodySchemaPlan } from './plan.js'
import { type ErrorSite, reportSchemaErrors } from './schema-errors.js'
import { violation } from './violation.js'

/** Appends the violations of a non-empty body to `out`. */
export function checkBody(schema: BodySchemaPlan, body: Content, out: string[]): void {
  let value: unknown
  if (mediaKindOf(mediaEssence(body.mediaType)) === 'json') {
    try {
      value = JSON.parse(body.text)
      // OXN-13: deeper than 512 levels is invalid JSON, as for `$body` itself (JSON.parse has no limit)
      if (exceedsJsonDepth(body.text)) throw new SyntaxError('nesting too deep')
    } catch {
      out.push(violation('Type', 'body', '/', 'body is not valid JSON'))
      return
    }
  } else if (schema.acceptsText) {
    value = body.text
  } else {
    out.push(violation('Type', 'body', '/', 'expected a JSON body'))
    return
  }
  if (schema.validate(value)) return
  reportSchemaErrors(schema.validate.errors ?? [], bodySite(value), out)
}

function bodySite(root: unknown): ErrorSite {
  return {
    location: 'body',
    name: (pointer) => (pointer === '' ? '/' : pointer),
    valueText: (pointer) => {
      const value = valueAt(root, pointer)
      return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null')
    },
    secret: false,
  }
}

/** The value at a JSON Pointer (ajv's `instancePath`). */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root
  if (pointer === '') return node
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~')
    if (node === null || typeof node !== 'object') return undefined
    node = Array.isArray(node)
      ? node[Number(key)]
      : Object.hasOwn(node, key)
        ? (node as Record<string, unknown>)[key]
        : undefined
  }
  return node
}
