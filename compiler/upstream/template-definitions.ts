/**
 * The `definition` options written in a dynamic request template (upstream.md UP-VAL-1): the literal
 * text of the template, with every command standing in for an unknown value, is read as JSON-like
 * tokens; a string written as the value of a `definition` member of an `options` object is a literal
 * definition, and a command in that place (or in the key position of `options`, a pair producer) means
 * the definition is computed at run time. The branches of `{{if}}`, `{{loop}}` and `{{with}}` are read
 * one after the other, so every literal in any branch is found.
 */
import type { Loc } from '../diagnostics/source.js'
import type { TemplatePart } from '../ir/template.js'

export interface TemplateDefinitions {
  readonly literals: readonly { readonly value: string; readonly loc: Loc }[]
  /** Some `definition` is computed at run time. */
  readonly dynamic: boolean
}

/** Stands for the value of a command. */
const COMMAND = '\u0000'

interface Piece {
  readonly text: string
  readonly loc: Loc | null
}

function pieces(parts: readonly TemplatePart[], out: Piece[]): Piece[] {
  for (const part of parts) {
    switch (part.kind) {
      case 'text':
        out.push({ text: part.text, loc: part.loc })
        break
      case 'comma':
        out.push({ text: ',', loc: null })
        break
      case 'assign':
        break
      case 'value':
      case 'dot':
      case 'pairs':
        out.push({ text: COMMAND, loc: null })
        break
      case 'if':
        for (const branch of part.branches) pieces(branch.body, out)
        if (part.otherwise !== null) pieces(part.otherwise.body, out)
        break
      case 'loop':
        pieces(part.body, out)
        break
      case 'with':
        pieces(part.body, out)
        if (part.otherwise !== null) pieces(part.otherwise.body, out)
        break
    }
  }
  return out
}

interface Container {
  readonly object: boolean
  key: string | null
  expectKey: boolean
}

export function templateDefinitions(parts: readonly TemplatePart[]): TemplateDefinitions {
  const literals: { value: string; loc: Loc }[] = []
  let dynamic = false
  const stack: Container[] = []
  const inOptions = () =>
    stack.length >= 2 && stack[stack.length - 1]!.object && stack[stack.length - 2]!.key === 'options'
  // a string being read, possibly across pieces (a command inside it makes it computed)
  let string: { chars: string; loc: Loc | null; command: boolean } | null = null
  const endString = (read: { chars: string; loc: Loc | null; command: boolean }) => {
    const top = stack[stack.length - 1]
    const value = read.command ? null : parseString(`"${read.chars}"`)
    if (top?.object === true && top.expectKey) {
      top.key = value
      return
    }
    if (top?.key === 'definition' && inOptions()) {
      if (read.command) dynamic = true
      else if (value !== null && read.loc !== null) literals.push({ value, loc: read.loc })
    }
    valueDone()
  }
  // after a value the next string of an object is a key, even where branches leave out the comma
  const valueDone = () => {
    const top = stack[stack.length - 1]
    if (top?.object === true) top.expectKey = true
  }
  for (const piece of pieces(parts, [])) {
    const text = piece.text
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!
      if (string !== null) {
        if (c === COMMAND) string.command = true
        else if (c === '\\') string.chars += c + (text[++i] ?? '')
        else if (c === '"') {
          endString(string)
          string = null
        } else string.chars += c
        continue
      }
      const top = stack[stack.length - 1]
      if (c === '{' || c === '[') stack.push({ object: c === '{', key: null, expectKey: c === '{' })
      else if (c === '}' || c === ']') {
        stack.pop()
        valueDone()
      } else if (c === ',' && top?.object === true) top.expectKey = true
      else if (c === ':' && top?.object === true) top.expectKey = false
      else if (c === '"') string = { chars: '', loc: piece.loc, command: false }
      else if (c === COMMAND) {
        if (inOptions() && (top!.expectKey || top!.key === 'definition')) dynamic = true
        valueDone()
      } else if (!/\s/.test(c)) valueDone()
    }
  }
  return { literals, dynamic }
}

function parseString(token: string): string | null {
  try {
    const value: unknown = JSON.parse(token)
    return typeof value === 'string' ? value : null
  } catch {
    return null
  }
}
