/**
 * Dynamic attribute values (flows.md F-EXPR-4): `{expr}` parts are expressions, `{{` and `}}` literal
 * braces. An expression ends at the `}` that balances its `{`; braces inside string literals and
 * `(: :)` comments do not count, nested `{...}` (map constructors) do. An unbalanced brace or an empty
 * `{}` is a CE, reported at the first non-white-space character after `{` (F-DOC-9).
 */
import { type Loc, subLoc, subSlice, type SubSource } from '../diagnostics/source.js'
import type { TextValue } from '../ir/statements.js'
import type { XPathNode } from '../ir/xpath.js'
import { afterString, afterXPathComment } from '../xpath/skip-lexical.js'
import type { LowerContext } from './lower-context.js'
import { firstNonWhitespace } from './xml-text.js'

/** Index of the `}` closing an expression that starts at `from`, or -1 when there is none. */
export function closingBrace(text: string, from: number): number {
  let depth = 1
  let i = from
  while (i < text.length) {
    const c = text[i]!
    if (c === '"' || c === "'") {
      i = afterString(text, i)
      if (i < 0) return -1
      continue
    }
    if (c === '(' && text[i + 1] === ':') {
      i = afterXPathComment(text, i)
      if (i < 0) return -1
      continue
    }
    if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
    i++
  }
  return -1
}

/** Splits a dyn attribute value into literal text and expressions; undefined after a reported CE. */
export function lowerDynamicValue(sub: SubSource, loc: Loc, ctx: LowerContext): TextValue | undefined {
  const text = sub.text
  const parts: (string | XPathNode)[] = []
  let literal = ''
  let failed = false
  let i = 0
  const firstCharAfter = (open: number) => {
    const skip = firstNonWhitespace(text.slice(open + 1))
    return subLoc(sub, skip < 0 ? open : open + 1 + skip)
  }
  while (i < text.length) {
    const c = text[i]!
    if ((c === '{' || c === '}') && text[i + 1] === c) {
      literal += c
      i += 2
    } else if (c === '}') {
      ctx.bag.error(
        'flow/unbalanced-brace',
        subLoc(sub, i),
        `unbalanced '}' in attribute value; write }} for a literal brace`,
      )
      return undefined
    } else if (c === '{') {
      const close = closingBrace(text, i + 1)
      if (close < 0) {
        ctx.bag.error(
          'flow/unbalanced-brace',
          firstCharAfter(i),
          `unbalanced '{' in attribute value; write {{ for a literal brace`,
        )
        return undefined
      }
      const inner = subSlice(sub, i + 1, close)
      if (firstNonWhitespace(inner.text) < 0) {
        ctx.bag.error('flow/empty-expression', firstCharAfter(i), 'empty expression {} in attribute value')
        failed = true
      } else {
        const expr = ctx.options.parseExpression(inner, ctx.bag)
        if (expr === undefined) failed = true
        else {
          if (literal !== '') parts.push(literal)
          literal = ''
          parts.push(expr)
        }
      }
      i = close + 1
    } else {
      literal += c
      i++
    }
  }
  if (failed) return undefined
  if (literal !== '') parts.push(literal)
  return { kind: 'text', loc, parts }
}

/** A value of an attribute that is always literal. */
export function staticValue(text: string, loc: Loc): TextValue {
  return { kind: 'text', loc, parts: text === '' ? [] : [text] }
}

/** The text of a value without expressions, or undefined when it has any. */
export function staticText(value: TextValue): string | undefined {
  let text = ''
  for (const part of value.parts) {
    if (typeof part !== 'string') return undefined
    text += part
  }
  return text
}
