/**
 * Parameter objects (definition.md CC13, CC14, D5; validation.md VA9, VA11): `in`, `name`, `type`
 * (with the valid names listed), `items`, `collectionFormat`, path parameters bound to a `{}`
 * segment and required, one `body` at most and never with `formData`, `file` only in `formData`,
 * `multi` never inside `items`. `$ref`s (`#/parameters/<name>`, other files) are resolved (D13).
 */
import { suggest } from '../diagnostics/did-you-mean.js'
import type { Loc } from '../diagnostics/source.js'
import type { ParameterLocation, ParameterNode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { type DocNode, entryOf, type MapNode, missingKeyLoc, toPlain, valueOf } from './doc-node.js'
import { followRef } from './follow-ref.js'
import { checkPatternKeyword, loadSchema, memberPointer } from './schema-object.js'

const LOCATIONS: readonly ParameterLocation[] = ['path', 'query', 'header', 'formData', 'body']
const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'file']
const ITEM_TYPES = ['string', 'number', 'integer', 'boolean', 'array']
const COLLECTION_FORMATS = ['csv', 'ssv', 'tsv', 'pipes', 'multi']

/** Keys of a non-body parameter / items object that carry constraints (Swagger 2.0, VA12). */
const CONSTRAINT_KEYS = [
  'type',
  'format',
  'items',
  'collectionFormat',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'enum',
  'multipleOf',
]
const PARAMETER_KEYS = new Set([
  'name',
  'in',
  'description',
  'required',
  'schema',
  'allowEmptyValue',
  'example',
  ...CONSTRAINT_KEYS,
])
const ITEMS_KEYS = new Set(CONSTRAINT_KEYS)

/** Where a parameter list is written: the route's `{}` names (null for top-level `parameters`). */
export interface ParameterScope {
  readonly pattern: string | null
  readonly pathParams: ReadonlySet<string> | null
}

/** A parameter with the node it was written at (the `$ref` value for referenced ones). */
interface Written {
  readonly node: ParameterNode
  readonly at: Loc
}

/** Loads one parameter (inline or `$ref`); null when it cannot be used (reported). */
export function loadParameter(node: DocNode, pointer: string, ctx: LoadContext): ParameterNode | null {
  const followed = followRef(node, pointer, ctx)
  if (followed === null) return null
  const { node: target, pointer: targetPointer } = followed
  return checkParameter(target, targetPointer, ctx)
}

function checkParameter(node: DocNode, pointer: string, ctx: LoadContext): ParameterNode | null {
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-parameter', node.loc, 'a parameter must be an object')
    return null
  }
  const inNode = valueOf(node, 'in')
  const nameNode = valueOf(node, 'name')
  let ok = true
  if (inNode === undefined) {
    ctx.error('definition/invalid-parameter', missingKeyLoc(node), 'missing required key "in"')
    ok = false
  } else if (inNode.kind !== 'scalar' || !LOCATIONS.includes(inNode.value as ParameterLocation)) {
    const shown = inNode.kind === 'scalar' ? JSON.stringify(inNode.text) : 'value'
    ctx.error(
      'definition/invalid-parameter',
      inNode.loc,
      `unknown parameter location ${shown}; expected one of ${LOCATIONS.join(', ')}`,
    )
    ok = false
  }
  if (nameNode === undefined) {
    ctx.error('definition/invalid-parameter', missingKeyLoc(node), 'missing required key "name"')
    ok = false
  } else if (nameNode.kind !== 'scalar' || typeof nameNode.value !== 'string') {
    ctx.error('definition/invalid-parameter', nameNode.loc, 'parameter name must be a string')
    ok = false
  }
  const location = ok ? (inNode as { value: ParameterLocation }).value : null
  const name = ok ? String((nameNode as { value: string }).value) : ''
  const required = valueOf(node, 'required')
  if (required !== undefined && (required.kind !== 'scalar' || typeof required.value !== 'boolean')) {
    ctx.error('definition/invalid-parameter', required.loc, 'required must be true or false')
  }
  if (location === 'path' && !(required?.kind === 'scalar' && required.value === true)) {
    ctx.error(
      'definition/invalid-parameter',
      (required ?? nameNode ?? node).loc,
      `path parameter "${name}" must have required: true`,
    )
  }

  let schema = null
  if (location === 'body') {
    const schemaNode = valueOf(node, 'schema')
    if (schemaNode !== undefined)
      schema = loadSchema(schemaNode, memberPointer(pointer, 'schema'), { allowFile: false }, ctx)
  } else {
    checkConstraints(node, location, 'parameter', ctx)
  }
  for (const entry of node.entries) {
    if (entry.key.startsWith('x-') || PARAMETER_KEYS.has(entry.key)) continue
    const hint = suggest(entry.key, PARAMETER_KEYS, (s) => `"${s}"`)
    ctx.warning(
      'schema/unknown-keyword',
      entry.keyLoc,
      `unknown keyword "${entry.key}" in parameter is ignored${hint.suffix}`,
      hint.names,
    )
  }
  if (location === null) return null
  const type = valueOf(node, 'type')
  return {
    kind: 'parameter',
    loc: node.loc,
    name,
    in: location,
    required: required?.kind === 'scalar' && required.value === true,
    type: type?.kind === 'scalar' && typeof type.value === 'string' ? type.value : null,
    schema,
    value: toPlain(node),
    file: node.loc.file,
    pointer,
  }
}

/** `type`, `items`, `collectionFormat`, `pattern` of a non-body parameter or an `items` object. */
function checkConstraints(
  node: MapNode,
  location: ParameterLocation | null,
  what: 'parameter' | 'items',
  ctx: LoadContext,
): void {
  const types = what === 'items' ? ITEM_TYPES : PARAMETER_TYPES
  const type = valueOf(node, 'type')
  if (type !== undefined) {
    if (type.kind !== 'scalar' || typeof type.value !== 'string' || !types.includes(type.value)) {
      const shown = type.kind === 'scalar' ? JSON.stringify(type.text) : 'value'
      ctx.error('definition/unknown-type', type.loc, `unknown type ${shown}; expected one of ${types.join(', ')}`)
    } else if (type.value === 'file' && location !== 'formData') {
      ctx.error('definition/invalid-parameter', type.loc, 'type "file" is only allowed for formData parameters')
    }
  }
  const format = entryOf(node, 'collectionFormat')?.value
  if (format !== undefined) {
    if (format.kind !== 'scalar' || !COLLECTION_FORMATS.includes(String(format.value))) {
      ctx.error(
        'definition/invalid-parameter',
        format.loc,
        `unknown collectionFormat ${format.kind === 'scalar' ? JSON.stringify(format.text) : 'value'}; expected one of ${COLLECTION_FORMATS.join(', ')}`,
      )
    } else if (format.value === 'multi' && what === 'items') {
      ctx.error('definition/invalid-parameter', format.loc, 'collectionFormat "multi" is not allowed inside items')
    } else if (format.value === 'multi' && location !== 'query' && location !== 'formData') {
      ctx.error(
        'definition/invalid-parameter',
        format.loc,
        'collectionFormat "multi" is only allowed for query and formData parameters',
      )
    }
  }
  const pattern = valueOf(node, 'pattern')
  if (pattern !== undefined) {
    if (pattern.kind === 'scalar' && typeof pattern.value === 'string')
      checkPatternKeyword(pattern.value, pattern.loc, ctx)
    else ctx.error('schema/invalid-pattern', pattern.loc, 'pattern must be a string')
  }
  const items = valueOf(node, 'items')
  if (items !== undefined) {
    if (items.kind !== 'map') {
      ctx.error('definition/invalid-parameter', items.loc, 'items must be an object')
    } else {
      checkConstraints(items, location, 'items', ctx)
      for (const entry of items.entries) {
        if (entry.key.startsWith('x-') || ITEMS_KEYS.has(entry.key)) continue
        const hint = suggest(entry.key, ITEMS_KEYS, (s) => `"${s}"`)
        ctx.warning(
          'schema/unknown-keyword',
          entry.keyLoc,
          `unknown keyword "${entry.key}" in items is ignored${hint.suffix}`,
          hint.names,
        )
      }
    }
  }
  if (what === 'parameter' && type?.kind === 'scalar' && type.value === 'array' && items === undefined) {
    ctx.error('definition/invalid-parameter', type.loc, 'a parameter of type "array" needs items')
  }
}

/**
 * Loads a `parameters` list written in a path item or operation, checking names against the route
 * and duplicates within the list. Returns the usable parameters with where each was written.
 */
export function loadParameterList(list: DocNode, pointer: string, scope: ParameterScope, ctx: LoadContext): Written[] {
  if (list.kind !== 'seq') {
    ctx.error('definition/invalid-parameter', list.loc, 'parameters must be a list')
    return []
  }
  const out: Written[] = []
  const seen = new Set<string>()
  list.items.forEach((item, i) => {
    const parameter = loadParameter(item, memberPointer(pointer, i), ctx)
    if (parameter === null) return
    const at = item.kind === 'map' ? (valueOf(item, '$ref')?.loc ?? valueOf(item, 'name')?.loc ?? item.loc) : item.loc
    const key = `${parameter.in}\0${parameter.name}`
    if (seen.has(key)) {
      ctx.error(
        'definition/duplicate-parameter',
        at,
        `parameter "${parameter.name}" (in ${parameter.in}) is listed twice`,
      )
      return
    }
    seen.add(key)
    if (parameter.in === 'path' && scope.pathParams !== null && !scope.pathParams.has(parameter.name)) {
      ctx.error(
        'definition/invalid-parameter',
        at,
        `path parameter "${parameter.name}" is not a segment of path "${scope.pattern}"`,
      )
    }
    out.push({ node: parameter, at })
  })
  return out
}

/**
 * The effective parameters of an operation (VA9): path-item ones replaced by operation ones with
 * the same name and `in`; at most one `body`, never with `formData` (CC13).
 */
export function mergeParameters(
  pathLevel: readonly Written[],
  operationLevel: readonly Written[],
  ctx: LoadContext,
): ParameterNode[] {
  const merged = new Map<string, Written>()
  for (const written of [...pathLevel, ...operationLevel])
    merged.set(`${written.node.in}\0${written.node.name}`, written)
  const list = [...merged.values()]
  const ordered = [...list].sort((a, b) =>
    a.at.file.path === b.at.file.path ? a.at.start - b.at.start : a.at.file.path < b.at.file.path ? -1 : 1,
  )
  const bodies = ordered.filter((w) => w.node.in === 'body')
  for (const extra of bodies.slice(1))
    ctx.error('definition/invalid-parameter', extra.at, 'only one body parameter is allowed')
  const form = ordered.filter((w) => w.node.in === 'formData')
  if (bodies.length > 0 && form.length > 0) {
    const later = bodies[0]!.at.start > form[0]!.at.start ? bodies[0]! : form[0]!
    ctx.error('definition/invalid-parameter', later.at, 'body and formData parameters cannot be combined')
  }
  return list.map((w) => w.node)
}

export type { Written as WrittenParameter }
