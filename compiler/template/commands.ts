/**
 * Classifying one command by the characters after `{{` (templates.md T-LEX-6, T-WS-3, §2.1 grammar):
 * comment, placeholder, dot, comma, pair producer, assignment, and the block words `if`, `elseif`,
 * `else`, `end`, `loop`, `with` (the longest run of ASCII letters). Malformed commands are T-ERR-2,
 * T-ERR-10 and T-ERR-11, with hints for the usual slips.
 */
import { isJsonWhitespace } from '../../runtime/template/compiled-template.js'

/** What a command is; expression ranges are offsets into the template text. */
export type Command =
  | { readonly kind: 'comment' }
  | { readonly kind: 'value' | 'pairs' | 'if' | 'elseif' | 'loop' | 'with'; readonly expr: readonly [number, number] }
  | { readonly kind: 'dot' | 'comma' | 'else' | 'end' }
  | { readonly kind: 'assign'; readonly name: string; readonly expr: readonly [number, number] }
  | {
      readonly kind: 'error'
      readonly code: 'template/unknown-command' | 'template/invalid-assignment' | 'template/missing-whitespace'
      readonly message: string
    }

const EXPRESSION_WORDS = new Set(['if', 'elseif', 'loop', 'with'])
const ALL_WORDS = ['if', 'elseif', 'else', 'end', 'loop', 'with']

/** Classifies the command whose body is `text[bodyStart, bodyEnd)`; `whole` is the command as written. */
export function classifyCommand(text: string, bodyStart: number, bodyEnd: number): Command {
  const body = text.slice(bodyStart, bodyEnd)
  const whole = `{{${body}}}`
  const first = body.charCodeAt(0)
  if (body.startsWith('//')) return { kind: 'comment' }
  if (isJsonWhitespace(first)) return { kind: 'value', expr: [bodyStart, bodyEnd] }
  if (body[0] === ':') return { kind: 'pairs', expr: [bodyStart + 1, bodyEnd] }
  if ((body[0] === '.' || body[0] === ',') && isBlank(body.slice(1))) return { kind: body[0] === '.' ? 'dot' : 'comma' }
  if (body[0] === '$') return assignment(body, bodyStart, bodyEnd)
  const word = /^[A-Za-z]+/.exec(body)?.[0]
  if (word !== undefined && ALL_WORDS.includes(word)) {
    const rest = body.slice(word.length)
    if (EXPRESSION_WORDS.has(word)) {
      if (!isJsonWhitespace(rest.charCodeAt(0))) {
        return { kind: 'error', code: 'template/missing-whitespace', message: `expected whitespace after "${word}"` }
      }
      return { kind: word as 'if', expr: [bodyStart + word.length, bodyEnd] }
    }
    if (isBlank(rest)) return { kind: word as 'else' | 'end' }
    if (word === 'else' && /^\s+if\s/.test(rest + ' ')) return unknown(whole, 'write {{elseif …}}')
    return unknown(whole, `{{${word}}} takes nothing before "}}"`)
  }
  if (word !== undefined && ALL_WORDS.includes(word.toLowerCase()))
    return unknown(whole, 'command words are lower case')
  if (body === '') return unknown(whole, undefined)
  return unknown(whole, 'a placeholder needs whitespace after "{{"')
}

/** `{{$name := expr}}` (T-VAR-1); T-ERR-10 otherwise. */
function assignment(body: string, bodyStart: number, bodyEnd: number): Command {
  const match = /^\$([A-Za-z_][A-Za-z0-9_]*)[ \t\r\n]*:=/.exec(body)
  if (match) return { kind: 'assign', name: match[1]!, expr: [bodyStart + match[0].length, bodyEnd] }
  const only = /^\$([A-Za-z_][A-Za-z0-9_-]*)[ \t\r\n]*$/.exec(body)
  const hint = only ? `; to output $${only[1]} write {{ $${only[1]} }}` : ''
  return {
    kind: 'error',
    code: 'template/invalid-assignment',
    message: `invalid assignment: expected {{$name := expression}}${hint}`,
  }
}

function unknown(whole: string, hint: string | undefined): Command {
  return {
    kind: 'error',
    code: 'template/unknown-command',
    message: `unknown template command "${shorten(whole)}"${hint ? `: ${hint}` : ''}`,
  }
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isJsonWhitespace(text.charCodeAt(i))) return false
  return true
}

/** A command as quoted in a message: whitespace runs collapsed, long ones cut. */
function shorten(whole: string): string {
  const flat = whole.replace(/\s+/g, ' ')
  return flat.length > 48 ? `${flat.slice(0, 44)}…}}` : flat
}
