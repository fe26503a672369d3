/**
 * Whether every output of a template is valid JSON or empty (templates.md T-CHK-1, T-CHK-6), decided
 * at compile time so that the `template` action need not decode output it writes to a content
 * location (T-CHK-2). The template is run abstractly: literal text becomes JSON tokens, a placeholder
 * or `{{.}}` one JSON value (T-OUT), a pair producer any number of `"key":value` pairs (T-PAIR), and
 * the automatic commas follow T-COM-1..T-COM-6 exactly as the runtime writes them (TemplateRun). The
 * states of a JSON parser reachable along every path through `if`, `with` and `loop` (any number of
 * iterations) are collected; the answer is yes only when each path ends with a complete value or
 * with nothing. Anything the analysis cannot follow (a token split across a command, a placeholder
 * where a member name belongs, too many states) answers no, and the runtime checks the output.
 */
import { assertNever } from '../diagnostics/invariant.js'
import type { TemplatePart } from '../ir/template.js'

/** `{ } [ ] : ,`, `s` a string, `v` any other complete value (a scalar or a placeholder's output). */
type Token = '{' | '}' | '[' | ']' | ':' | ',' | 's' | 'v'

/** What the JSON parser expects next. */
type Expect = 'start' | 'value' | 'first-item' | 'first-member' | 'member' | 'colon' | 'after-value' | 'done'

interface State {
  /** Open containers, innermost last: `o` object, `a` array. */
  readonly stack: string
  readonly expect: Expect
  /** T-COM-1 (a): no significant character yet, or the last one is `{ [ , :` (no comma may follow it). */
  readonly lastOpens: boolean
  /** T-COM-1 (b): the pending comma flag. */
  readonly pending: boolean
  /** Something significant was written since the innermost loop iteration began (T-LOOP-3). */
  readonly wrote: boolean
  /** `wrote` of each enclosing loop iteration, outermost first (`1`/`0`). */
  readonly outerWrote: string
}

/** More states than this, or deeper nesting, and the analysis gives up (answers no). */
const STATE_LIMIT = 512
const DEPTH_LIMIT = 64

const PAIR: readonly Token[] = ['s', ':', 'v']
const VALUE: readonly Token[] = ['v']

class Unproven extends Error {}

/** True when every run of a template with this body outputs valid JSON or nothing (after T-WS-2). */
export function alwaysWritesJson(body: readonly TemplatePart[]): boolean {
  const start: State = { stack: '', expect: 'start', lastOpens: true, pending: false, wrote: false, outerWrote: '' }
  try {
    return run(body, [start]).every((state) => state.expect === 'start' || state.expect === 'done')
  } catch (error) {
    if (error instanceof Unproven) return false
    throw error
  }
}

function run(parts: readonly TemplatePart[], states: readonly State[]): State[] {
  let current = [...states]
  for (const part of parts) current = distinct(step(part, current))
  return current
}

function step(part: TemplatePart, states: State[]): State[] {
  switch (part.kind) {
    case 'text': {
      const tokens = lexJson(part.text)
      return tokens.length === 0 ? states : states.map((state) => writeText(state, tokens))
    }
    case 'value':
    case 'dot':
      return states.map((state) => write(state, VALUE))
    case 'comma':
      return states.map((state) => ({ ...state, pending: true }))
    case 'assign':
      return states
    case 'pairs':
      return repeat(states, (state) => [{ ...write(state, PAIR), pending: true }])
    case 'if':
      return [
        ...part.branches.flatMap((branch) => run(branch.body, states)),
        ...(part.otherwise ? run(part.otherwise.body, states) : states),
      ]
    case 'with':
      return [...run(part.body, states), ...(part.otherwise ? run(part.otherwise.body, states) : states)]
    case 'loop':
      return repeat(states, (state) => iteration(part.body, state))
    default:
      return assertNever(part)
  }
}

/** One loop iteration (T-LOOP-3): a comma is requested after an iteration that wrote something. */
function iteration(body: readonly TemplatePart[], state: State): State[] {
  const inside = { ...state, wrote: false, outerWrote: state.outerWrote + (state.wrote ? '1' : '0') }
  return run(body, [inside]).map((end) => ({
    ...end,
    pending: end.pending || end.wrote,
    wrote: end.outerWrote.endsWith('1') || end.wrote,
    outerWrote: end.outerWrote.slice(0, -1),
  }))
}

/** The states after zero or more applications of `once`. */
function repeat(states: State[], once: (state: State) => State[]): State[] {
  const seen = new Map(states.map((state) => [keyOf(state), state]))
  let frontier = [...seen.values()]
  while (frontier.length > 0) {
    const next: State[] = []
    for (const state of frontier) {
      for (const after of once(state)) {
        const key = keyOf(after)
        if (seen.has(key)) continue
        seen.set(key, after)
        next.push(after)
      }
    }
    if (seen.size > STATE_LIMIT) throw new Unproven()
    frontier = next
  }
  return [...seen.values()]
}

/** Literal text (TemplateRun.text): a pending comma goes before its first token unless that closes or is a comma. */
function writeText(state: State, tokens: readonly Token[]): State {
  let current = state
  if (current.pending) {
    current = { ...current, pending: false }
    const first = tokens[0]!
    if (!current.lastOpens && first !== '}' && first !== ']' && first !== ',') current = feed(current, ',')
  }
  for (const token of tokens) current = feed(current, token)
  return { ...current, wrote: true }
}

/** A rendered value or pair (TemplateRun.#write): a pending comma goes first unless the last character opens. */
function write(state: State, tokens: readonly Token[]): State {
  let current = state
  if (current.pending) {
    current = { ...current, pending: false }
    if (!current.lastOpens) current = feed(current, ',')
  }
  for (const token of tokens) current = feed(current, token)
  return { ...current, wrote: true }
}

/** One token through the JSON parser; a token the parser would reject ends the analysis. */
function feed(state: State, token: Token): State {
  const lastOpens = token === '{' || token === '[' || token === ',' || token === ':'
  const next = (stack: string, expect: Expect): State => ({ ...state, stack, expect, lastOpens })
  const top = state.stack.at(-1)
  const closed = () => {
    const stack = state.stack.slice(0, -1)
    return next(stack, stack === '' ? 'done' : 'after-value')
  }
  switch (state.expect) {
    case 'first-item':
      if (token === ']') return closed()
      return beginValue(state, token, next)
    case 'start':
    case 'value':
      return beginValue(state, token, next)
    case 'first-member':
      if (token === '}') return closed()
      if (token === 's') return next(state.stack, 'colon')
      break
    case 'member':
      if (token === 's') return next(state.stack, 'colon')
      break
    case 'colon':
      if (token === ':') return next(state.stack, 'value')
      break
    case 'after-value':
      if (token === ',') return next(state.stack, top === 'o' ? 'member' : 'value')
      if ((token === '}' && top === 'o') || (token === ']' && top === 'a')) return closed()
      break
    case 'done':
      break
    default:
      return assertNever(state.expect)
  }
  throw new Unproven()
}

function beginValue(state: State, token: Token, next: (stack: string, expect: Expect) => State): State {
  if (token === 's' || token === 'v') return next(state.stack, state.stack === '' ? 'done' : 'after-value')
  if (token === '{' || token === '[') {
    if (state.stack.length >= DEPTH_LIMIT) throw new Unproven()
    return next(state.stack + (token === '{' ? 'o' : 'a'), token === '{' ? 'first-member' : 'first-item')
  }
  throw new Unproven()
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y
const WORD = /true|false|null/y

/** The JSON tokens of a piece of literal text; text that is not whole tokens ends the analysis. */
function lexJson(text: string): Token[] {
  const tokens: Token[] = []
  let pos = 0
  while (pos < text.length) {
    const c = text[pos]!
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      pos++
      continue
    }
    if ('{}[]:,'.includes(c)) {
      tokens.push(c as Token)
      pos++
      continue
    }
    const end = matchAt(STRING, text, pos) ?? matchAt(NUMBER, text, pos) ?? matchAt(WORD, text, pos)
    if (end === undefined) throw new Unproven()
    tokens.push(c === '"' ? 's' : 'v')
    pos = end
  }
  return tokens
}

function matchAt(pattern: RegExp, text: string, pos: number): number | undefined {
  pattern.lastIndex = pos
  return pattern.test(text) ? pattern.lastIndex : undefined
}

function distinct(states: State[]): State[] {
  if (states.length > STATE_LIMIT) throw new Unproven()
  return [...new Map(states.map((state) => [keyOf(state), state])).values()]
}

function keyOf(state: State): string {
  return `${state.stack}|${state.expect}|${state.lastOpens ? 1 : 0}${state.pending ? 1 : 0}${state.wrote ? 1 : 0}|${state.outerWrote}`
}
