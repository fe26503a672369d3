/**
 * `responses` of an operation and the top-level `responses` (definition.md CC15, D2, D16; VA21,
 * VA24): keys are status codes 100-599 or `default`; response objects may be `$ref`s; their
 * `schema` may use `type: file`; header objects are checked like items.
 */
import type { ResponseNode } from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { type DocNode, toPlain, valueOf } from './doc-node.js'
import { followRef } from './follow-ref.js'
import { loadSchema, memberPointer } from './schema-object.js'

const STATUS = /^[1-5][0-9][0-9]$/
const HEADER_TYPES = ['string', 'number', 'integer', 'boolean', 'array']

/** Loads one response object (inline or `$ref`); null when unusable (reported). */
export function loadResponse(status: string, node: DocNode, pointer: string, ctx: LoadContext): ResponseNode | null {
  const followed = followRef(node, pointer, ctx)
  if (followed === null) return null
  const { node: target, pointer: targetPointer } = followed
  if (target.kind === 'scalar' && target.value === null) {
    return {
      kind: 'response',
      loc: target.loc,
      status,
      schema: null,
      value: {},
      file: target.loc.file,
      pointer: targetPointer,
    }
  }
  if (target.kind !== 'map') {
    ctx.error('definition/invalid-response', target.loc, 'a response must be an object')
    return null
  }
  const schemaNode = valueOf(target, 'schema')
  const schema =
    schemaNode === undefined
      ? null
      : loadSchema(schemaNode, memberPointer(targetPointer, 'schema'), { allowFile: true }, ctx)
  const headers = valueOf(target, 'headers')
  if (headers !== undefined) {
    if (headers.kind !== 'map') ctx.error('definition/invalid-response', headers.loc, 'headers must be an object')
    else for (const header of headers.entries) checkHeader(header.value, ctx)
  }
  return {
    kind: 'response',
    loc: target.loc,
    status,
    schema,
    value: toPlain(target),
    file: target.loc.file,
    pointer: targetPointer,
  }
}

function checkHeader(node: DocNode, ctx: LoadContext): void {
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-response', node.loc, 'a header must be an object')
    return
  }
  const type = valueOf(node, 'type')
  if (type !== undefined && (type.kind !== 'scalar' || !HEADER_TYPES.includes(String(type.value)))) {
    const shown = type.kind === 'scalar' ? JSON.stringify(type.text) : 'value'
    ctx.error('definition/unknown-type', type.loc, `unknown type ${shown}; expected one of ${HEADER_TYPES.join(', ')}`)
  }
}

/** Loads an operation's `responses` map (CC15 for each key). */
export function loadResponses(node: DocNode, pointer: string, ctx: LoadContext): ResponseNode[] {
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-response', node.loc, 'responses must be an object')
    return []
  }
  const out: ResponseNode[] = []
  for (const entry of node.entries) {
    if (entry.key.startsWith('x-')) continue
    if (entry.key !== 'default' && !STATUS.test(entry.key)) {
      ctx.error(
        'definition/invalid-response-key',
        entry.keyLoc,
        `response key ${JSON.stringify(entry.key)} is not a status code`,
      )
      continue
    }
    const response = loadResponse(entry.key, entry.value, memberPointer(pointer, entry.key), ctx)
    if (response !== null) out.push(response)
  }
  return out
}
