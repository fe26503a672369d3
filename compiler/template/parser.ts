/**
 * Template text -> the parts of a TemplateNode (templates.md §2.1 grammar, T-CMD-1..T-CMD-7, T-IF-3,
 * T-LOOP-5, T-WITH-3): blocks nest through a stack; `{{elseif}}`/`{{else}}` without an open `{{if}}`
 * or `{{with}}`, in the wrong order or directly inside `{{loop}}` are T-ERR-7, a stray `{{end}}`
 * T-ERR-8, blocks left open T-ERR-9 (at their opening command). Every problem of the template is
 * reported; a block whose own command failed is dropped, its body still checked.
 */
import type { AreaCode } from '../diagnostics/codes.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { type Loc, subLoc, subSlice, type SubSource } from '../diagnostics/source.js'
import type { TemplateBranch, TemplateElse, TemplateExpr, TemplatePart } from '../ir/template.js'
import { classifyCommand } from './commands.js'
import { type ExpressionParser, lowerTemplateExpression } from './expression.js'
import { type CommandToken, lexTemplate } from './lexer.js'

interface Frame {
  readonly kind: 'root' | 'if' | 'loop' | 'with'
  readonly loc: Loc
  /** The expression of `loop`/`with`; undefined after a reported problem. */
  readonly expr: TemplateExpr | undefined
  readonly branches: { loc: Loc; test: TemplateExpr | undefined; body: TemplatePart[] }[]
  otherwise: { loc: Loc; body: TemplatePart[] } | null
  /** The body of `loop`/`with` (before any `{{else}}`). */
  readonly main: TemplatePart[]
  /** Where parts go now. */
  body: TemplatePart[]
}

export interface ParsedTemplate {
  readonly body: readonly TemplatePart[]
  readonly assigned: readonly string[]
  /** False when any problem was reported. */
  readonly ok: boolean
}

export function parseTemplateParts(sub: SubSource, bag: DiagnosticBag, parse: ExpressionParser): ParsedTemplate {
  const text = sub.text
  const main: TemplatePart[] = []
  const root: Frame = {
    kind: 'root',
    loc: subLoc(sub, 0),
    expr: undefined,
    branches: [],
    otherwise: null,
    main,
    body: main,
  }
  const stack: Frame[] = [root]
  const assigned = new Set<string>()
  let ok = true
  const fail = (code: AreaCode<'template'>, loc: Loc, message: string) => {
    bag.error(code, loc, message)
    ok = false
  }
  const top = () => stack[stack.length - 1]!
  const expression = (range: readonly [number, number], loc: Loc) => {
    const expr = lowerTemplateExpression(subSlice(sub, range[0], range[1]), loc, bag, parse)
    if (!expr) ok = false
    return expr
  }
  const append = (part: TemplatePart) => top().body.push(part)

  for (const token of lexTemplate(text)) {
    if (token.kind === 'text') {
      const run = text.slice(token.start, token.end)
      const significant = run.search(/[^ \t\r\n]/)
      appendText(top().body, subLoc(sub, significant < 0 ? token.start : token.start + significant), run)
      continue
    }
    if (token.kind === 'unterminated') {
      fail(
        'template/unterminated',
        subLoc(sub, token.start, token.start + 2),
        'unterminated template command: missing "}}"',
      )
      return { body: [], assigned: [], ok: false }
    }
    const loc = commandLoc(sub, token)
    const command = classifyCommand(text, token.bodyStart, token.bodyEnd)
    switch (command.kind) {
      case 'comment':
        break
      case 'error':
        fail(command.code, loc, command.message)
        break
      case 'dot':
      case 'comma':
        append({ kind: command.kind, loc })
        break
      case 'value':
      case 'pairs': {
        const expr = expression(command.expr, loc)
        if (expr) append({ kind: command.kind, loc, expr })
        break
      }
      case 'assign': {
        assigned.add(command.name)
        const expr = expression(command.expr, loc)
        if (expr) append({ kind: 'assign', loc, name: command.name, expr })
        break
      }
      case 'if': {
        const body: TemplatePart[] = []
        stack.push({
          kind: 'if',
          loc,
          expr: undefined,
          branches: [{ loc, test: expression(command.expr, loc), body }],
          otherwise: null,
          main: body,
          body,
        })
        break
      }
      case 'loop':
      case 'with': {
        const body: TemplatePart[] = []
        stack.push({
          kind: command.kind,
          loc,
          expr: expression(command.expr, loc),
          branches: [],
          otherwise: null,
          main: body,
          body,
        })
        break
      }
      case 'elseif': {
        const frame = top()
        const problem = misplacedElse(frame, 'elseif')
        const test = expression(command.expr, loc)
        if (problem !== undefined) {
          fail('template/misplaced-else', loc, problem)
          break
        }
        const body: TemplatePart[] = []
        frame.branches.push({ loc, test, body })
        frame.body = body
        break
      }
      case 'else': {
        const frame = top()
        const problem = misplacedElse(frame, 'else')
        if (problem !== undefined) {
          fail('template/misplaced-else', loc, problem)
          break
        }
        frame.otherwise = { loc, body: [] }
        frame.body = frame.otherwise.body
        break
      }
      case 'end': {
        const frame = top()
        if (frame.kind === 'root') {
          fail('template/stray-end', loc, '{{end}} without an open {{if}}, {{loop}} or {{with}}')
          break
        }
        stack.pop()
        const part = closeBlock(frame)
        if (part) append(part)
        break
      }
    }
  }
  for (let i = stack.length - 1; i > 0; i--) {
    const frame = stack[i]!
    fail('template/unclosed-block', frame.loc, `{{${frame.kind}}} is never closed by {{end}}`)
  }
  return { body: root.main, assigned: [...assigned], ok }
}

/** The command's range, `{{` to `}}`; diagnostics point at its start. */
function commandLoc(sub: SubSource, token: CommandToken): Loc {
  return subLoc(sub, token.start, token.end)
}

/**
 * Literal text; runs separated only by comments are merged. `loc` is the first significant character
 * (the text's start when it is all whitespace).
 */
function appendText(body: TemplatePart[], loc: Loc, text: string): void {
  const last = body[body.length - 1]
  if (last?.kind !== 'text') body.push({ kind: 'text', loc, text })
  else body[body.length - 1] = { kind: 'text', loc: isBlank(last.text) ? loc : last.loc, text: last.text + text }
}

function isBlank(text: string): boolean {
  return !/[^ \t\r\n]/.test(text)
}

/** T-ERR-7: why `{{else}}`/`{{elseif}}` cannot go into `frame`, or undefined when it can. */
function misplacedElse(frame: Frame, word: 'else' | 'elseif'): string | undefined {
  switch (frame.kind) {
    case 'root':
      return word === 'else' ? '{{else}} without a matching {{if}} or {{with}}' : '{{elseif}} without a matching {{if}}'
    case 'loop':
      return `{{${word}}} is not allowed directly inside {{loop}}`
    case 'with':
      if (word === 'elseif') return '{{elseif}} is not allowed inside {{with}}'
      break
    case 'if':
      break
  }
  if (frame.otherwise === null) return undefined
  return word === 'else' ? 'a second {{else}} in the same block' : '{{elseif}} after {{else}}'
}

/** The node of a closed block; undefined when one of its expressions failed (already reported). */
function closeBlock(frame: Frame): TemplatePart | undefined {
  const otherwise: TemplateElse | null = frame.otherwise
  if (frame.kind === 'if') {
    if (frame.branches.some((branch) => branch.test === undefined)) return undefined
    const branches = frame.branches as TemplateBranch[]
    return { kind: 'if', loc: frame.loc, branches, otherwise }
  }
  if (frame.expr === undefined) return undefined
  if (frame.kind === 'loop') return { kind: 'loop', loc: frame.loc, expr: frame.expr, body: frame.main }
  return { kind: 'with', loc: frame.loc, expr: frame.expr, body: frame.main, otherwise }
}
