/**
 * Structural checks of schema objects (definition.md CC12, CC14, CC26; validation.md VA28-VA31):
 * keyword value shapes, `type` names, `pattern` as an ECMAScript regular expression with the `u`
 * flag (a warning when it can backtrack super-linearly: validation runs it on client input; issue
 * 14), resolvable `$ref`s (recursion allowed), and a warning for unknown keywords. `x-` keys and
 * values of `example`/`default`/`enum` are data (D22). Validation semantics come with the
 * validation issue.
 */
import { suggest } from '../diagnostics/did-you-mean.js'
import type { Loc } from '../diagnostics/source.js'
import type { SchemaNode } from '../ir/definition.js'
import { checkPatternBacktracking } from '../redos/check-pattern.js'
import type { LoadContext } from './context.js'
import { type DocNode, escapePointer, type MapEntry, toPlain } from './doc-node.js'

const SCHEMA_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']

type Shape =
  | 'schema'
  | 'schema-map'
  | 'schema-or-list'
  | 'schema-list'
  | 'schema-or-bool'
  | 'dependencies'
  | 'string-list'
  | 'list'
  | 'string'
  | 'number'
  | 'positive'
  | 'count'
  | 'boolean'
  | 'object'
  | 'any'
  | 'type'
  | 'pattern'
  | 'pattern-map'

/** Keywords of the dialect (VA28, VA29, VA30) and the shape of their values. */
const KEYWORDS: Readonly<Record<string, Shape>> = {
  $ref: 'string',
  type: 'type',
  format: 'string',
  title: 'string',
  description: 'string',
  default: 'any',
  example: 'any',
  enum: 'list',
  const: 'any',
  multipleOf: 'positive',
  maximum: 'number',
  exclusiveMaximum: 'boolean',
  minimum: 'number',
  exclusiveMinimum: 'boolean',
  maxLength: 'count',
  minLength: 'count',
  pattern: 'pattern',
  maxItems: 'count',
  minItems: 'count',
  uniqueItems: 'boolean',
  maxProperties: 'count',
  minProperties: 'count',
  required: 'string-list',
  properties: 'schema-map',
  patternProperties: 'pattern-map',
  additionalProperties: 'schema-or-bool',
  items: 'schema-or-list',
  allOf: 'schema-list',
  anyOf: 'schema-list',
  oneOf: 'schema-list',
  not: 'schema',
  dependencies: 'dependencies',
  propertyNames: 'schema',
  contains: 'schema',
  if: 'schema',
  then: 'schema',
  else: 'schema',
  definitions: 'schema-map',
  discriminator: 'string',
  readOnly: 'boolean',
  xml: 'object',
  externalDocs: 'object',
  id: 'string',
  $id: 'string',
  $schema: 'string',
}

const SHAPE_TEXT: Partial<Record<Shape, string>> = {
  'schema-map': 'an object of schemas',
  'schema-list': 'a list of schemas',
  'schema-or-bool': 'a schema or a boolean',
  'schema-or-list': 'a schema or a list of schemas',
  dependencies: 'an object of schemas or lists of property names',
  'string-list': 'a list of strings',
  list: 'a list',
  string: 'a string',
  number: 'a number',
  positive: 'a number greater than 0',
  count: 'an integer >= 0',
  boolean: 'true or false',
  object: 'an object',
  'pattern-map': 'an object of schemas',
}

/** `invalid pattern "^[a-z"` unless `pattern` compiles with the `u` flag (VA12, VA31). */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u')
    return null
  } catch {
    return `invalid pattern ${JSON.stringify(pattern)}`
  }
}

/** A `pattern` (or `patternProperties` key) at `loc`: an error when invalid, else checked for backtracking. */
export function checkPatternKeyword(pattern: string, loc: Loc, ctx: LoadContext): void {
  const problem = patternProblem(pattern)
  // ajv compiles patterns with the `u` flag
  if (problem === null)
    checkPatternBacktracking({ written: pattern, source: pattern, flags: 'u', loc }, 'schema/redos-pattern', ctx.bag)
  else ctx.error('schema/invalid-pattern', loc, problem)
}

export interface SchemaOptions {
  /** `type: file` is allowed (response schemas, VA24/VA31). */
  readonly allowFile: boolean
}

/** Checks a schema written at `node` (pointer `pointer` in its file) and returns it as IR. */
export function loadSchema(node: DocNode, pointer: string, options: SchemaOptions, ctx: LoadContext): SchemaNode {
  checkSchema(node, options, ctx)
  return { kind: 'schema', loc: node.loc, file: node.loc.file, pointer, value: toPlain(node) }
}

/** Checks a schema; schemas reached through `$ref` are checked where they are written. */
export function checkSchema(node: DocNode, options: SchemaOptions, ctx: LoadContext, seen = new Set<DocNode>()): void {
  if (seen.has(node)) return
  seen.add(node)
  if (node.kind !== 'map') {
    ctx.error('schema/invalid', node.loc, 'invalid schema: expected an object')
    return
  }
  for (const entry of node.entries) {
    const shape = KEYWORDS[entry.key]
    if (shape === undefined) {
      if (!entry.key.startsWith('x-')) {
        const hint = suggest(entry.key, Object.keys(KEYWORDS), (s) => `"${s}"`)
        ctx.warning(
          'schema/unknown-keyword',
          entry.keyLoc,
          `unknown keyword "${entry.key}" in schema is ignored${hint.suffix}`,
          hint.names,
        )
      }
      continue
    }
    if (entry.key === '$ref') {
      checkSchemaRef(entry, options, ctx, seen)
      continue
    }
    checkKeyword(entry, shape, options, ctx, seen)
  }
}

function checkSchemaRef(entry: MapEntry, options: SchemaOptions, ctx: LoadContext, seen: Set<DocNode>): void {
  const value = entry.value
  if (value.kind !== 'scalar' || typeof value.value !== 'string') {
    ctx.error('schema/invalid', value.loc, 'invalid schema: "$ref" must be a string')
    return
  }
  const target = ctx.store.resolve(value, value.loc.file)
  // a schema in another file is checked here, once; the definition's own are checked in place
  if (target !== undefined && target.document.file !== ctx.definitionFile) checkSchema(target.node, options, ctx, seen)
}

function checkKeyword(
  entry: MapEntry,
  shape: Shape,
  options: SchemaOptions,
  ctx: LoadContext,
  seen: Set<DocNode>,
): void {
  const value = entry.value
  const fail = (at: DocNode = value) =>
    ctx.error('schema/invalid', at.loc, `invalid schema: "${entry.key}" must be ${SHAPE_TEXT[shape]}`)
  const sub = (n: DocNode) => checkSchema(n, options, ctx, seen)
  const scalar = value.kind === 'scalar' ? value.value : undefined
  switch (shape) {
    case 'any':
      return
    case 'schema':
      return sub(value)
    case 'schema-map':
    case 'pattern-map':
      if (value.kind !== 'map') return fail()
      for (const property of value.entries) {
        if (shape === 'pattern-map') checkPatternKeyword(property.key, property.keyLoc, ctx)
        sub(property.value)
      }
      return
    case 'schema-or-bool':
      if (typeof scalar === 'boolean') return
      return sub(value)
    case 'schema-or-list':
      if (value.kind === 'seq') return value.items.forEach(sub)
      return sub(value)
    case 'schema-list':
      if (value.kind !== 'seq' || value.items.length === 0) return fail()
      return value.items.forEach(sub)
    case 'dependencies':
      if (value.kind !== 'map') return fail()
      for (const dependency of value.entries) {
        if (dependency.value.kind === 'seq') checkStringList(dependency.value, () => fail(dependency.value))
        else sub(dependency.value)
      }
      return
    case 'string-list':
      if (value.kind !== 'seq') return fail()
      return checkStringList(value, () => fail())
    case 'list':
      if (value.kind !== 'seq') fail()
      return
    case 'string':
      if (typeof scalar !== 'string') fail()
      return
    case 'number':
      if (typeof scalar !== 'number') fail()
      return
    case 'positive':
      if (typeof scalar !== 'number' || scalar <= 0) fail()
      return
    case 'count':
      if (typeof scalar !== 'number' || !Number.isInteger(scalar) || scalar < 0) fail()
      return
    case 'boolean':
      if (typeof scalar !== 'boolean') fail()
      return
    case 'object':
      if (value.kind !== 'map') fail()
      return
    case 'type':
      return checkType(value, options, ctx)
    case 'pattern': {
      if (typeof scalar !== 'string') return fail()
      return checkPatternKeyword(scalar, value.loc, ctx)
    }
  }
}

function checkStringList(node: DocNode & { kind: 'seq' }, fail: () => void): void {
  if (node.items.some((item) => item.kind !== 'scalar' || typeof item.value !== 'string')) fail()
}

function checkType(node: DocNode, options: SchemaOptions, ctx: LoadContext): void {
  const names = options.allowFile ? [...SCHEMA_TYPES, 'file'] : SCHEMA_TYPES
  const items = node.kind === 'seq' ? node.items : [node]
  for (const item of items) {
    if (item.kind !== 'scalar' || typeof item.value !== 'string') {
      ctx.error('schema/invalid', item.loc, 'invalid schema: "type" must be a type name or a list of type names')
      continue
    }
    if (!names.includes(item.value))
      ctx.error(
        'schema/unknown-type',
        item.loc,
        `unknown type ${JSON.stringify(item.value)}; expected one of ${names.join(', ')}`,
      )
  }
}

/** Pointer of a member of the object at `base`. */
export function memberPointer(base: string, key: string | number): string {
  return `${base}/${typeof key === 'number' ? key : escapePointer(key)}`
}
