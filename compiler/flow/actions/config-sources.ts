/**
 * The body and upload sources written in request configurations (upstream.md UP-BODY-3, UP-BODY-4)
 * of a `request` (one configuration), `requests` (one per member) or `test-request` template, for
 * the read analysis (compiler/flow/flow-reads.ts): every string under a `body` or `uploads`
 * member, `src` or not (a `value` counts too, erring towards reading). `computed` unless the template
 * holds only text and values, reads as JSON with a placeholder for each value, every configuration
 * is a literal object and no `body` or `uploads` member holds a computed part.
 */
import { parseJson } from '../../../runtime/oxn/parse-json.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../../runtime/values/json-value.js'
import type { TemplateNode } from '../../ir/template.js'
import type { DataLocations } from './types.js'

/** Stands for a computed value when a template is read as JSON (a literal nobody writes). */
const COMPUTED = '-0E-987654321'
const SOURCE_MEMBERS = new Set(['body', 'uploads'])

export function configSources(template: TemplateNode | null, shape: 'one' | 'many'): DataLocations {
  if (template === null) return []
  const root = template.isStatic ? template.staticJson : withPlaceholders(template)
  if (!(root instanceof JsonObject)) return template.isStatic ? [] : 'computed'
  const configs = shape === 'one' ? [root] : root.values
  const sources: string[] = []
  for (const config of configs) {
    if (!(config instanceof JsonObject)) return 'computed'
    for (const [i, key] of config.keys.entries()) {
      if (computed(key)) return 'computed'
      if (!SOURCE_MEMBERS.has(key)) continue
      const value = config.values[i]!
      if (computed(value)) return 'computed'
      collectStrings(value, sources)
    }
  }
  return sources
}

/** The template's JSON with a placeholder for each value; undefined when it is not that simple. */
function withPlaceholders(template: TemplateNode): JsonValue | undefined {
  let text = ''
  for (const part of template.body) {
    if (part.kind === 'text') text += part.text
    else if (part.kind === 'value') text += COMPUTED
    else return undefined
  }
  try {
    return parseJson(text)
  } catch {
    return undefined
  }
}

/** Whether a value read with placeholders holds a computed part. */
function computed(value: JsonValue): boolean {
  if (typeof value === 'string') return value.includes(COMPUTED)
  if (value instanceof JsonNumber) return value.text === COMPUTED
  if (value instanceof JsonObject) return value.keys.some(computed) || value.values.some(computed)
  if (Array.isArray(value)) return value.some(computed)
  return false
}

function collectStrings(value: JsonValue, out: string[]): void {
  if (typeof value === 'string') out.push(value)
  else if (value instanceof JsonObject) for (const member of value.values) collectStrings(member, out)
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out)
}
