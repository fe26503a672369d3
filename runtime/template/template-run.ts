/**
 * One execution of a compiled template: the output being written with the comma state of templates.md
 * T-COM-1..T-COM-6, the request's context, and the template's local scope (T-VAR). Generated template
 * functions call one method per command: `text` (literal text, T-LEX-1), `value` (T-CMD-1, T-OUT),
 * `dot` (T-CMD-2), `comma` (T-CMD-4), `pairs` (T-PAIR), `assign` (T-VAR), `test` (T-IF-2), `items` and
 * `mark`/`endIteration` (T-LOOP), `enter` (T-WITH). Failures become the action's RF at the command's
 * `{{` (T-RUN-2).
 */
import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError } from '../errors/raised-error.js'
import {
  effectiveBooleanValue,
  firstMemberAt,
  OxnElement,
  renderJson,
  renderJsonValue,
  renderMemberAt,
} from '../oxn/index.js'
import { XPathValueError } from '../oxn/value-error.js'
import type { Item, Sequence } from '../values/item.js'
import type { CompiledExpression } from '../xpath/compiled-expression.js'
import { evaluate } from '../xpath/evaluate.js'
import { firstOf, type Value } from '../xpath/value.js'
import { countsAsNull, jsonCountsAsNull, loopItems, withItem } from './context-item.js'
import { JsonItem, JsonItems, JsonTextFocus, NOT_READ_IN_PLACE } from './json-loop.js'
import { pairTexts } from './pairs.js'
import {
  Coalesce,
  commandSite,
  type TemplateExpression,
  type TemplateSite,
  type TemplateText,
} from './template-pieces.js'
import { TemplateScope } from './template-scope.js'

/**
 * A template's context item: an item, or while a template runs over undecoded JSON text
 * (json-loop.ts) that text or the loop item read from it.
 */
export type TemplateFocus = Item | JsonTextFocus | JsonItem

const NO_ITEMS: readonly Item[] = Object.freeze([])

/** The focus as an item; JSON text read in place hands the run back (json-loop.ts). */
function itemOf(focus: TemplateFocus): Item {
  if (focus instanceof JsonTextFocus || focus instanceof JsonItem) throw NOT_READ_IN_PLACE
  return focus
}

/** The child path of a command over JSON read in place (`[]`: the item itself); anything else hands the run back. */
function inPlacePath(expr: TemplateExpression): readonly string[] {
  if (expr instanceof Coalesce || expr.childPath === null) throw NOT_READ_IN_PLACE
  return expr.childPath
}

const OPEN_BRACE = 0x7b
const OPEN_BRACKET = 0x5b
const CLOSE_BRACE = 0x7d
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c
const COLON = 0x3a
/**
 * `last` after a rendered value: a value never ends with `{ [ , :`, so its real last character makes
 * no difference to T-COM-3, and reading it would flatten each value's concatenated text (`"` + s + `"`).
 */
const VALUE_END = 0x22

export class TemplateRun {
  /** The output so far. */
  out = ''
  /** T-COM-1 (a): the last significant character written (char code; VALUE_END after a value), 0 for none. */
  last = 0
  /** T-COM-1 (b): the pending comma flag. */
  pending = false
  /** Number of writes that held a significant character (T-LOOP-3). */
  written = 0
  /** The local scope, made on the first assignment (T-VAR-4: until then names read the globals). */
  scope: TemplateScope | undefined = undefined

  constructor(
    readonly ctx: FlowContext,
    /** The template's action, for failures of commands without an expression. */
    readonly site: TemplateSite,
  ) {}

  /** Literal text (T-LEX-1): copied; a pending comma lands before its first significant character (T-COM-3). */
  text(piece: TemplateText): void {
    const first = piece.first
    if (first < 0) {
      this.out += piece.text
      return
    }
    if (this.pending) {
      this.pending = false
      this.out += this.#commaAllowed(piece.firstCode) ? piece.withComma : piece.text
    } else this.out += piece.text
    this.last = piece.lastCode
    this.written++
  }

  /** `{{ expr }}` (T-CMD-1): one JSON value (T-OUT). */
  value(given: TemplateFocus, expr: TemplateExpression): void {
    if (given instanceof JsonItem) {
      this.#write(given.render(inPlacePath(expr)))
      return
    }
    const focus = itemOf(given)
    if (expr instanceof Coalesce) {
      this.#writeCoalesced(focus, expr)
      return
    }
    if (expr.childPath !== null && focus instanceof OxnElement) {
      this.#write(renderMemberAt(focus.json, expr.childPath))
      return
    }
    const item = firstOf(this.#value(focus, expr))
    this.#write(item === undefined ? 'null' : this.#render(item, expr))
  }

  /** `{{.}}` (T-CMD-2); `at` is the command's position, for a rendering failure (T-RUN-2). */
  dot(focus: TemplateFocus, at: string): void {
    const item = itemOf(focus)
    try {
      this.#write(renderJson(item))
    } catch (error) {
      throw this.#failure(error, { at, action: this.site.action })
    }
  }

  /** `{{,}}` (T-CMD-4, T-COM-2). */
  comma(): void {
    this.pending = true
  }

  /** `{{: expr }}` (T-PAIR-3): each pair written compact, each followed by a pending comma. */
  pairs(focus: TemplateFocus, expr: TemplateExpression): void {
    let texts: string[]
    try {
      texts = pairTexts(this.#evaluate(focus, expr))
    } catch (error) {
      throw this.#failure(error, commandSite(expr))
    }
    for (const text of texts) {
      this.#write(text)
      this.pending = true
    }
  }

  /** `{{$name := expr}}` (T-VAR-1, T-VAR-2, T-VAR-6): writes nothing. */
  assign(name: string, focus: TemplateFocus, expr: TemplateExpression): void {
    const value = this.#evaluate(focus, expr)
    ;(this.scope ??= new TemplateScope()).set(name, value)
  }

  /** `{{if}}`/`{{elseif}}` conditions (T-IF-2, XP-EBV-1). */
  test(given: TemplateFocus, expr: TemplateExpression): boolean {
    const focus = itemOf(given)
    return effectiveBooleanValue(expr instanceof Coalesce ? this.#coalesce(focus, expr) : this.#value(focus, expr))
  }

  /**
   * `{{loop expr}}` (T-LOOP-1, T-LOOP-4): the items, fixed when the loop starts; a value that is not an
   * array iterates nothing, with a debug message (topic: the action). Over JSON text read in place,
   * the items are read as the loop goes (json-loop.ts).
   */
  items(focus: TemplateFocus, expr: TemplateExpression): Iterable<TemplateFocus> {
    if (focus instanceof JsonTextFocus) return new JsonItems(focus.text, inPlacePath(expr))
    let items: readonly Item[] | null
    try {
      items = loopItems(this.#evaluate(focus, expr))
    } catch (error) {
      throw this.#failure(error, commandSite(expr))
    }
    if (items !== null) return items
    const site = commandSite(expr)
    this.ctx.debug?.(
      'debug',
      site.action,
      `${site.at}: ${site.action}: the loop value is not an array; nothing is iterated`,
    )
    return NO_ITEMS
  }

  /** Start of a loop iteration: the count of significant writes so far. */
  mark(): number {
    return this.written
  }

  /** End of an iteration (T-LOOP-3): a comma is requested when the body wrote something significant. */
  endIteration(mark: number): void {
    if (this.written !== mark) this.pending = true
  }

  /** `{{with expr}}` (T-WITH-1, T-WITH-2): the new context item, or undefined for the `{{else}}` branch. */
  enter(focus: TemplateFocus, expr: TemplateExpression): Item | undefined {
    return withItem(this.#evaluate(focus, expr))
  }

  #evaluate(given: TemplateFocus, expr: TemplateExpression): Sequence {
    const focus = itemOf(given)
    return expr instanceof Coalesce ? this.#coalesce(focus, expr) : evaluate(this.ctx, expr, focus, this.scope)
  }

  /**
   * The value of one expression as the fast path gives it (an item or a sequence, no copy); anything
   * it throws (a hand-over to the engine, an XPath error) is left to `evaluate`, which runs the
   * expression again and decides (fast-path functions have no side effects).
   */
  #value(focus: Item, expr: CompiledExpression): Value {
    const fast = expr.fast
    if (fast !== null) {
      try {
        return fast(this.ctx, focus, this.scope)
      } catch {
        // evaluated again below
      }
    }
    return evaluate(this.ctx, expr, focus, this.scope)
  }

  /**
   * `{{ a ?? b }}` written (T-EXPR-2, T-OUT): operands that are child paths are read straight from
   * the JSON of an OXN focus; the rest are evaluated.
   */
  #writeCoalesced(focus: Item, expr: Coalesce): void {
    let from = 0
    if (focus instanceof OxnElement) {
      const operands = expr.operands
      for (; from < operands.length - 1; from++) {
        const path = operands[from]!.childPath
        if (path === null) break
        const json = firstMemberAt(focus.json, path)
        if (json !== undefined && !jsonCountsAsNull(json)) {
          this.#write(renderJsonValue(json))
          return
        }
      }
    }
    const item = this.#coalesce(focus, expr, from)[0]
    this.#write(item === undefined ? 'null' : this.#render(item, expr))
  }

  /** T-EXPR-2: the first operand (from `from`) that does not count as null; later ones are not evaluated. */
  #coalesce(focus: Item, expr: Coalesce, from = 0): Sequence {
    const operands = expr.operands
    const last = operands.length - 1
    for (let i = from; i < last; i++) {
      const value = evaluate(this.ctx, operands[i]!, focus, this.scope)
      if (!countsAsNull(value)) return value
    }
    return evaluate(this.ctx, operands[last]!, focus, this.scope)
  }

  /** T-OUT: the JSON of the item written for a value (T-OUT-3: the first one). */
  #render(item: Item, expr: TemplateExpression): string {
    try {
      return renderJson(item)
    } catch (error) {
      throw this.#failure(error, commandSite(expr))
    }
  }

  /** Writes one rendered value (never starting with whitespace, `}`, `]` or `,`). */
  #write(text: string): void {
    if (this.pending) {
      this.pending = false
      if (this.#commaAllowed(0)) this.out += ','
    }
    this.out += text
    this.last = VALUE_END
    this.written++
  }

  /** T-COM-3: a comma only after a significant character other than `{ [ , :` and not before `} ] ,`. */
  #commaAllowed(next: number): boolean {
    const last = this.last
    if (last === 0 || last === OPEN_BRACE || last === OPEN_BRACKET || last === COMMA || last === COLON) return false
    return next !== CLOSE_BRACE && next !== CLOSE_BRACKET && next !== COMMA
  }

  /** A value error (T-OUT-8 SERE0023, XPTY0004) as the action's RF at the command (T-RUN-2). */
  #failure(error: unknown, site: TemplateSite): unknown {
    if (!(error instanceof XPathValueError)) return error
    return flowExecutionError(site.at, site.action, error.message, this.ctx.requestId)
  }
}
