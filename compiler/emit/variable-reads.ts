/**
 * Which predefined variables the flows of a build can read (runtime/app.ts `VariableReads`), so the
 * gateway builds no `$request` and no `$upstream` entries that nothing can observe (flows.md F-VAR-7,
 * upstream.md UP-VAR-1). Conservative by construction: a name counts as read when the text of a flow
 * or template file mentions it (in an expression, a location, a body `src`, a comment), when an
 * expression lists it, or when something may name a variable only at run time: a location computed
 * from text (F-LOC-1), a `sort()` key (FN-sort-2), `requests src="$var"`, or a `request`/`requests`
 * template whose body or upload sources (UP-BODY-3) are not literal. The whole IR is walked rather
 * than a list of node kinds, so an action added later is covered by the same rules.
 */
import type { FlowNode } from '../ir/flow.js'
import type { TemplateNode } from '../ir/template.js'
import { parseJson } from '../../runtime/oxn/parse-json.js'
import { JsonNumber, JsonObject, type JsonValue } from '../../runtime/values/json-value.js'

export interface VariableReads {
  readonly request: boolean
  readonly upstream: boolean
}

const MENTIONS_REQUEST = /\$request(?![A-Za-z0-9_-])/
const MENTIONS_UPSTREAM = /\$upstream(?![A-Za-z0-9_-])/
const SORT_CALL = /\bsort\s*\(/
/** Keys of IR nodes that hold source positions and files, never a variable reference. */
const SKIPPED_KEYS = new Set(['loc', 'srcLoc', 'file'])
/** Stands for a computed value when a request template is read as JSON (a literal nobody writes). */
const COMPUTED = '-0E-987654321'

export function variableReads(flows: Iterable<FlowNode>): VariableReads {
  const names = new Set<string>()
  let any = false
  const mentions = (text: string): void => {
    if (MENTIONS_REQUEST.test(text)) names.add('request')
    if (MENTIONS_UPSTREAM.test(text)) names.add('upstream')
  }
  const seen = new Set<object>()
  const visit = (value: unknown): void => {
    if (any || value === null || typeof value !== 'object' || seen.has(value)) return
    seen.add(value)
    if (Array.isArray(value) || value instanceof Set) {
      for (const item of value) visit(item)
      return
    }
    if (value instanceof Map) {
      for (const entry of value) visit(entry)
      return
    }
    const node = value as Record<string, unknown>
    const kind = node['kind']
    if (kind === 'xpath') {
      for (const name of (node['variables'] as readonly string[] | undefined) ?? []) names.add(name)
      if (typeof node['source'] !== 'string' || SORT_CALL.test(node['source'])) any = true
    } else if (kind === 'dynamic') any = true
    else if (kind === 'variable' && typeof node['name'] === 'string') names.add(node['name'])
    else if (kind === 'template') {
      const template = node as unknown as TemplateNode
      mentions(template.loc.file.text.slice(template.loc.start, template.loc.end))
    }
    if (typeof node['variable'] === 'string') {
      names.add(node['variable'])
      // a configuration held by a variable may name any variable as a body source
      if (kind === 'requests') any = true
    }
    if ((kind === 'request' || kind === 'requests') && node['template'] != null && !literalSources(node['template'] as TemplateNode, kind)) any = true
    for (const key of Object.keys(node)) if (!SKIPPED_KEYS.has(key)) visit(node[key])
  }
  for (const flow of flows) {
    mentions(flow.file.text)
    visit(flow.body)
  }
  return { request: any || names.has('request'), upstream: any || names.has('upstream') }
}

/**
 * Whether the body and upload sources of a `request` (one configuration) or `requests` (one per
 * member) template are written out: the template holds only text and values, reads as JSON with a
 * placeholder for each value, every configuration is a literal object, and no `body` or `uploads`
 * member holds a computed part.
 */
function literalSources(template: TemplateNode, kind: 'request' | 'requests'): boolean {
  if (template.isStatic) return true
  let text = ''
  for (const part of template.body) {
    if (part.kind === 'text') text += part.text
    else if (part.kind === 'value') text += COMPUTED
    else return false
  }
  let root: JsonValue
  try {
    root = parseJson(text)
  } catch {
    return false
  }
  if (!(root instanceof JsonObject)) return false
  const configs = kind === 'request' ? [root] : root.values
  return configs.every((config) => config instanceof JsonObject && !config.keys.some((key, i) => computed(key) || ((key === 'body' || key === 'uploads') && computed(config.values[i]!))))
}

/** Whether a value read with placeholders holds a computed part. */
function computed(value: JsonValue): boolean {
  if (typeof value === 'string') return value.includes(COMPUTED)
  if (value instanceof JsonNumber) return value.text === COMPUTED
  if (value instanceof JsonObject) return value.keys.some(computed) || value.values.some(computed)
  if (Array.isArray(value)) return value.some(computed)
  return false
}
