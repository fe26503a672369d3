/**
 * Static types of expressions, as far as the rewrite needs them (xpath-functions.md section 12): the
 * engine annotates the XQueryX tree with `type` attributes (`xs:integer`, `node()*`, ...); calls of
 * extension functions take their result type from the registry. Unknown means "could be anything".
 */
import { extensionFunction, resolvesToGateway } from '../registry.js'
import { childTagged, type XqxNode } from './xqx-node.js'

export interface StaticType {
  /** Item type text, e.g. `xs:integer`, `node()`, `element()`. */
  readonly item: string
  readonly occurrence: '' | '?' | '*' | '+'
}

const NUMERIC = new Set(['xs:integer', 'xs:decimal', 'xs:double', 'xs:float', 'xs:numeric'])
const NODE_TYPES = /^(node|element|attribute|document-node|text|comment|processing-instruction)\(/

export function parseSequenceType(text: string): StaticType {
  const last = text[text.length - 1]
  if (last === '?' || last === '*' || last === '+') return { item: text.slice(0, -1), occurrence: last }
  return { item: text, occurrence: '' }
}

/** The static type of an expression, or undefined when unknown. */
export function staticType(node: XqxNode): StaticType | undefined {
  switch (node.tag) {
    case 'integerConstantExpr':
      return { item: 'xs:integer', occurrence: '' }
    case 'decimalConstantExpr':
      return { item: 'xs:decimal', occurrence: '' }
    case 'doubleConstantExpr':
      return { item: 'xs:double', occurrence: '' }
    case 'stringConstantExpr':
      return { item: 'xs:string', occurrence: '' }
    case 'contextItemExpr':
      return { item: 'item()', occurrence: '' }
    case 'functionCallExpr': {
      const name = childTagged(node, 'functionName')
      const prefix = name?.attrs['prefix'] ?? ''
      const local = name?.text ?? ''
      const arity = childTagged(node, 'arguments')?.children.length ?? 0
      if ((prefix === '' && resolvesToGateway(local, arity)) || prefix === 'svc') {
        const spec = extensionFunction(local)
        return spec ? parseSequenceType(spec.result) : undefined
      }
      break
    }
  }
  const annotated = node.attrs['type']
  return annotated ? parseSequenceType(annotated) : undefined
}

/** At most one item, statically. */
export function isAtMostOne(node: XqxNode): boolean {
  const type = staticType(node)
  return type !== undefined && (type.occurrence === '' || type.occurrence === '?')
}

/** A numeric value (or nothing), statically: arithmetic and comparisons need no conversion. */
export function isNumericSingle(node: XqxNode): boolean {
  const type = staticType(node)
  return type !== undefined && NUMERIC.has(type.item) && (type.occurrence === '' || type.occurrence === '?')
}

export function isStringSingle(node: XqxNode): boolean {
  const type = staticType(node)
  return type !== undefined && type.item === 'xs:string' && type.occurrence === ''
}

export function isBooleanSingle(node: XqxNode): boolean {
  const type = staticType(node)
  return type !== undefined && type.item === 'xs:boolean' && type.occurrence === ''
}

/** Only nodes (or nothing), statically. */
export function isNodes(node: XqxNode): boolean {
  const type = staticType(node)
  return type !== undefined && NODE_TYPES.test(type.item)
}

/**
 * Whether a value of this type converts to JavaScript without losing its type: nodes, strings,
 * numbers, booleans, untyped and URI values, maps and arrays. Dates, durations, QNames and binary
 * values (and unknown types) need the typed result wrapper.
 */
export function isPlainResult(node: XqxNode): boolean {
  const type = staticType(node)
  if (type === undefined) return false
  return (
    NODE_TYPES.test(type.item) ||
    NUMERIC.has(type.item) ||
    /^(xs:string|xs:boolean|xs:untypedAtomic|xs:anyURI|map\(\*\)|array\(\*\))$/.test(type.item)
  )
}

/** A numeric literal other than zero (division needs no zero check). */
export function isNonZeroNumericLiteral(node: XqxNode): boolean {
  if (node.tag !== 'integerConstantExpr' && node.tag !== 'decimalConstantExpr' && node.tag !== 'doubleConstantExpr')
    return false
  const value = Number(childTagged(node, 'value')?.text ?? '0')
  return value !== 0 && !Number.isNaN(value)
}

/** A typed atomic value that XP-CONV-1 must cast with `fn:string()` before a gateway function sees it. */
export function isTypedAtomic(node: XqxNode): boolean {
  const type = staticType(node)
  if (type === undefined || !type.item.startsWith('xs:')) return false
  return !NUMERIC.has(type.item) && !/^xs:(string|boolean|untypedAtomic|anyURI|anyAtomicType)$/.test(type.item)
}

/** A date, time, gregorian or duration value, statically: arithmetic on it stays XPath 3.1's. */
export function isTemporal(node: XqxNode): boolean {
  const type = staticType(node)
  return (
    type !== undefined &&
    /^xs:(date|dateTime|time|duration|dayTimeDuration|yearMonthDuration|g[A-Za-z]+)$/.test(type.item)
  )
}
