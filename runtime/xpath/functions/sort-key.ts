/**
 * Sort keys of `sort()` (xpath-functions.md FN-sort-2, FN-sort-3): the key expression is compiled at
 * run time with the compiler's own checks and rewrite (XC-1, XC-2, XC-3 and the XP-* rewrite), cached
 * per gateway by its text, and evaluated by the engine once per item with the item as context item and
 * only global variables visible. A key that is a plain child name reads OXN items directly, with the
 * engine's result. The first item of the result is classified: a number (an OXN `number` element, a
 * numeric value, or an untyped node whose text is a JSON number), missing (nothing, or null by
 * templates.md T-NULL-1), or a string (its string value).
 */
import {
  childByName,
  decodeContent,
  isJsonNumberLiteral,
  isNCName,
  OxnElement,
  parseXPathDouble,
  renderJson,
  stringValue,
  toXPathString,
  typeOfNode,
} from '../../oxn/index.js'
import { Content } from '../../values/content.js'
import { isNode, type Item, type Sequence, XPathMap } from '../../values/item.js'
import { freeVariables } from '../ast/free-variables.js'
import { parseExpressionText } from '../ast/parse.js'
import { printXPath } from '../ast/print.js'
import { rewriteExpression } from '../ast/rewrite.js'
import { checkFunctionCalls } from '../check-functions.js'
import { evaluateEngineText } from '../engine/evaluate-engine.js'
import { variableValue } from '../scope.js'
import { cachesOf, type FunctionCall } from './call.js'

export type SortKey =
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'missing' }

/** A compiled key: the item itself, a child name, or an engine text with its variables. */
export type CompiledSortKey =
  | { readonly kind: 'self' }
  | { readonly kind: 'child'; readonly name: string }
  | { readonly kind: 'engine'; readonly text: string; readonly variables: readonly string[] }

export type SortKeyCompilation =
  { readonly ok: true; readonly key: CompiledSortKey } | { readonly ok: false; readonly reason: string }

/** XC-9 and FN-sort-2: compiles a key expression (also the compiler's check of literal keys). */
export function compileSortKey(text: string): SortKeyCompilation {
  if (text.trim() === '') return { ok: true, key: { kind: 'self' } }
  if (isNCName(text.trim())) return { ok: true, key: { kind: 'child', name: text.trim() } }
  const parsed = parseExpressionText(text)
  if (!parsed.ok) return { ok: false, reason: parsed.reason }
  const problems = checkFunctionCalls(parsed.ast)
  if (problems.length > 0) return { ok: false, reason: problems[0]!.message }
  return {
    ok: true,
    key: { kind: 'engine', text: printXPath(rewriteExpression(parsed.ast)), variables: freeVariables(parsed.ast) },
  }
}

/** The compiled key for `text`, cached per gateway. */
export function sortKeyFor(call: FunctionCall, text: string): SortKeyCompilation {
  return cachesOf(call).sortKeys.get(text, () => compileSortKey(text)) as SortKeyCompilation
}

/** The key result of one item. */
export function keyResult(call: FunctionCall, key: CompiledSortKey, item: Item): Sequence {
  switch (key.kind) {
    case 'self':
      return [item]
    case 'child':
      if (item instanceof OxnElement) return childByName(item, key.name)
      return evaluateKey(call, key.name, [], item)
    case 'engine':
      return evaluateKey(call, key.text, key.variables, item)
  }
}

function evaluateKey(call: FunctionCall, text: string, variables: readonly string[], item: Item): Sequence {
  return evaluateEngineText(text, variables, (name) => variableValue(call.ctx, undefined, name), item, call)
}

/** FN-sort-3: the sort key of a key result. */
export function classifyKey(result: Sequence): SortKey {
  let first = result[0]
  if (first instanceof Content) first = decodeContent(first)
  if (first === undefined) return { kind: 'missing' }
  if (typeof first === 'number') return numberKey(first)
  if (typeof first === 'boolean') return { kind: 'string', value: first ? 'true' : 'false' }
  if (isNode(first)) {
    const type = typeOfNode(first)
    if (type === 'null') return { kind: 'missing' }
    const text = stringValue(first)
    // a number literal is kept as written (OXN-R7), other number text renders as null when not finite
    if (isJsonNumberLiteral(text) && (type === 'number' || type === null))
      return { kind: 'number', value: Number(text) }
    if (type === 'number') return numberKey(parseXPathDouble(text))
    return { kind: 'string', value: text }
  }
  if (typeof first === 'string') return { kind: 'string', value: first }
  // maps, arrays and other values: missing when they render as null (T-NULL-1)
  const rendered = renderJson(first)
  if (rendered === 'null') return { kind: 'missing' }
  return { kind: 'string', value: first instanceof XPathMap ? rendered : toXPathString(first) }
}

/** A computed number: NaN and the infinities render as null (T-OUT-4), so they are missing. */
function numberKey(value: number): SortKey {
  return Number.isFinite(value) ? { kind: 'number', value } : { kind: 'missing' }
}
