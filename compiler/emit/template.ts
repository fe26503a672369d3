/**
 * Emits a compiled template (templates.md T-SRC-2; architecture: "Templates"): one hoisted
 * `TEMPLATE_n = defineTemplate({ at, action }, (t, focus) => { … })` constant whose function writes
 * the output through the runtime's TemplateRun, one call per command. Literal text becomes hoisted
 * `TEXT_n` constants prepared at module load, expressions hoisted `XPATH_n` constants (a `??` chain a
 * `COALESCE_n`) whose site is the command's `{{` (T-RUN-2); blocks become `if`/`for`; a comment
 * names each template source line the statements below it come from.
 */
import { alwaysWritesJson } from '../analysis/always-json.js'
import { assertNever } from '../diagnostics/invariant.js'
import { lineColOf, type Loc } from '../diagnostics/source.js'
import type { TemplateElse, TemplateExpr, TemplateNode, TemplatePart } from '../ir/template.js'
import { emitExpression, type EmitOptions } from './actions/expression.js'
import { Code, comment, identifier, indent, joinCode, js, lit, type Name } from './code.js'
import type { EmitContext } from './context.js'
import { readsInputInPlace } from './in-place.js'

export interface TemplateSite {
  /** `file:line:col` of the action holding the template. */
  readonly at: string
  /** The action's element name. */
  readonly action: string
}

/** The name of the module-level constant holding the compiled template. */
export function emitTemplate(node: TemplateNode, ctx: EmitContext, site: TemplateSite): Name {
  const inPlace = readsInputInPlace(node)
  const writer = new TemplateEmitter(ctx, site.action, node.loc.end, inPlace)
  const body = writer.parts(node.body, FOCUS)
  const t = /\bt\./.test(body.text) ? js`t` : js`_t`
  const focus = /\bfocus\b/.test(body.text) ? FOCUS : js`_focus`
  const fn = body.text === '' ? js`(${t}, ${focus}) => {}` : js`(${t}, ${focus}) => {\n${indent(body)}\n}`
  // the `template` action stores proven output without decoding it (T-CHK-2)
  const proven = site.action === 'template' && alwaysWritesJson(node.body) ? js`, alwaysJson: true` : js``
  // loops over JSON content read as text, without decoding it (runtime/template/json-loop.ts)
  const readsInPlace = inPlace ? js`, inPlace: true` : js``
  return ctx.hoist(
    'TEMPLATE',
    js`${ctx.runtime('defineTemplate')}({ at: ${lit(site.at)}, action: ${lit(site.action)}${proven}${readsInPlace} }, ${fn})`,
  )
}

const FOCUS = identifier('focus')

/** Placeholders read plain child paths straight from the JSON (T-OUT; runtime member-path.ts). */
const READ_DIRECTLY: EmitOptions = { childPath: true }

/** Loops of a template run in place name the path they iterate (`.`: the empty path). */
const LOOP_IN_PLACE: EmitOptions = { childPath: true, contextPath: true }

/** Emission state of one template: counters for block locals, the source line last named. */
class TemplateEmitter {
  #items = 0
  #withs = 0
  #line = ''

  constructor(
    readonly ctx: EmitContext,
    readonly action: string,
    /** File offset where the template text ends (line comments stop there). */
    readonly end: number,
    /** The template runs over JSON text in place when it can (compiler/emit/in-place.ts). */
    readonly inPlace: boolean,
  ) {}

  parts(parts: readonly TemplatePart[], focus: Name): Code {
    return joinCode(
      parts.map((part) => this.#part(part, focus)),
      '\n',
    )
  }

  #part(part: TemplatePart, focus: Name): Code {
    const blank = part.kind === 'text' && !/[^ \t\r\n]/.test(part.text)
    const line = blank ? undefined : this.#lineComment(part.loc)
    const code = this.#statement(part, focus)
    return line ? js`${line}\n${code}` : code
  }

  #statement(part: TemplatePart, focus: Name): Code {
    switch (part.kind) {
      case 'text':
        return js`t.text(${this.ctx.hoist('TEXT', js`${this.ctx.runtime('templateText')}(${lit(part.text)})`)})`
      case 'value':
        return js`t.value(${focus}, ${this.#expr(part.expr, READ_DIRECTLY)})`
      case 'dot':
        return js`t.dot(${focus}, ${lit(this.ctx.at(part.loc))})`
      case 'comma':
        return js`t.comma()`
      case 'pairs':
        return js`t.pairs(${focus}, ${this.#expr(part.expr)})`
      case 'assign':
        return js`t.assign(${lit(part.name)}, ${focus}, ${this.#expr(part.expr)})`
      case 'if': {
        const branches = part.branches.map((branch, index) => {
          const test = js`t.test(${focus}, ${this.#expr(branch.test)})`
          return js`${index === 0 ? js`if` : js`else if`} (${test}) ${this.#block(branch.body, focus)}`
        })
        return joinCode([...branches, ...this.#otherwise(part.otherwise, focus)], ' ')
      }
      case 'loop': {
        const items = js`t.items(${focus}, ${this.#expr(part.expr, this.inPlace ? LOOP_IN_PLACE : undefined)})`
        const n = ++this.#items
        const item = identifier(`item${n}`)
        const mark = identifier(`mark${n}`)
        const body = joinCode(
          [js`const ${mark} = t.mark()`, this.parts(part.body, item), js`t.endIteration(${mark})`],
          '\n',
        )
        return js`for (const ${item} of ${items}) {\n${indent(body)}\n}`
      }
      case 'with': {
        const inner = identifier(`with${++this.#withs}`)
        const enter = js`const ${inner} = t.enter(${focus}, ${this.#expr(part.expr)})`
        const branch = js`if (${inner} !== undefined) ${this.#block(part.body, inner)}`
        return js`${enter}\n${joinCode([branch, ...this.#otherwise(part.otherwise, focus)], ' ')}`
      }
      default:
        return assertNever(part)
    }
  }

  #otherwise(otherwise: TemplateElse | null, focus: Name): Code[] {
    return otherwise ? [js`else ${this.#block(otherwise.body, focus)}`] : []
  }

  #block(parts: readonly TemplatePart[], focus: Name): Code {
    const body = this.parts(parts, focus)
    return body.text === '' ? js`{}` : js`{\n${indent(body)}\n}`
  }

  /** One operand: its XPATH constant; a `??` chain: a COALESCE constant over them (T-EXPR-2). */
  #expr(expr: TemplateExpr, options?: EmitOptions): Code {
    const site = { at: this.ctx.at(expr.loc), action: this.action }
    const operands = expr.operands.map((operand) => emitExpression(operand, this.ctx, site, options))
    if (operands.length === 1) return operands[0]!
    return this.ctx.hoist('COALESCE', js`${this.ctx.runtime('coalesce')}(${joinCode(operands, ', ')})`)
  }

  /** `// file:line:col <rest of the source line>` when `loc` is on a line not named yet. */
  #lineComment(loc: Loc): Code | undefined {
    const { line } = lineColOf(loc.file, loc.start)
    const key = `${loc.file.path}:${line}`
    if (key === this.#line) return undefined
    this.#line = key
    const text = loc.file.text
    let end = loc.start
    while (end < this.end && text[end] !== '\n' && text[end] !== '\r') end++
    return comment(`${this.ctx.at(loc)} ${text.slice(loc.start, end).trim()}`)
  }
}
