/**
 * Expressions of template commands (templates.md T-EXPR-1..T-EXPR-4, T-ERR-3..T-ERR-6): the text is
 * split at every top-level `??` (outside string literals, XPath comments and brackets; a `??` inside
 * brackets is T-ERR-6 at its first `?`), each operand is parsed by compiler/xpath. Empty operands are
 * T-ERR-3 and static function problems T-ERR-5, both at the command's `{{`; syntax errors (T-ERR-4)
 * keep the parser's position.
 */
import { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { type Loc, subLoc, subSlice, type SubSource } from '../diagnostics/source.js'
import type { TemplateExpr } from '../ir/template.js'
import type { XPathNode } from '../ir/xpath.js'
import { afterString, afterXPathComment } from '../xpath/skip-lexical.js'

/** compiler/xpath's `parseExpression` (injected so that the flow stage's stand-in can be used). */
export type ExpressionParser = (sub: SubSource, bag: DiagnosticBag) => XPathNode | undefined

/** The `??` operands of an expression text as [start, end) ranges, or the offset of a misplaced `??`. */
export function splitCoalesce(text: string): { operands: [number, number][] } | { misplaced: number } {
  const operands: [number, number][] = []
  let depth = 0
  let start = 0
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"' || c === "'") {
      const next = afterString(text, i)
      if (next < 0) break
      i = next
      continue
    }
    if (c === '(' && text[i + 1] === ':') {
      const next = afterXPathComment(text, i)
      if (next < 0) break
      i = next
      continue
    }
    if (c === '(' || c === '[' || c === '{') depth++
    else if ((c === ')' || c === ']' || c === '}') && depth > 0) depth--
    else if (c === '?' && text[i + 1] === '?') {
      if (depth > 0) return { misplaced: i }
      operands.push([start, i])
      start = i + 2
      i += 2
      continue
    }
    i++
  }
  operands.push([start, text.length])
  return { operands }
}

/** Parses the expression of a command at `command` (its `{{`); undefined after reporting. */
export function lowerTemplateExpression(
  sub: SubSource,
  command: Loc,
  bag: DiagnosticBag,
  parse: ExpressionParser,
): TemplateExpr | undefined {
  const split = splitCoalesce(sub.text)
  if ('misplaced' in split) {
    bag.error(
      'template/misplaced-coalesce',
      subLoc(sub, split.misplaced),
      '"??" is only allowed at the top level of a template expression',
    )
    return undefined
  }
  const operands: XPathNode[] = []
  let failed = false
  for (const [start, end] of split.operands) {
    const operand = subSlice(sub, start, end)
    if (operand.text.trim() === '') {
      bag.error('template/empty-expression', command, 'empty expression in template command')
      failed = true
      continue
    }
    const node = parseOperand(operand, command, bag, parse)
    if (node) operands.push(node)
    else failed = true
  }
  return failed ? undefined : { loc: command, operands }
}

/** One operand; problems other than syntax errors move to the command's `{{` (T-ERR-5). */
function parseOperand(
  sub: SubSource,
  command: Loc,
  bag: DiagnosticBag,
  parse: ExpressionParser,
): XPathNode | undefined {
  const local = new DiagnosticBag()
  const node = parse(sub, local)
  for (const diagnostic of local.sorted()) {
    bag.report(diagnostic.code === 'xpath/syntax' ? diagnostic : { ...diagnostic, loc: command })
  }
  return node
}
