/**
 * Cuts template text into literal text and commands (templates.md T-LEX-1..T-LEX-4): `{{` starts a
 * command (in a run of three or more `{` only the last two do); a comment `{{//` ends at the first
 * `}}`; every other command ends at the first `}}` outside string literals (`"…"`, `'…'`, doubled
 * quotes inside), outside XPath comments (nested) and at brace depth 0, where a lone `}` at depth 0
 * belongs to the command. A `{{` without its `}}` ends the scan (T-ERR-1).
 */
import { afterString, afterXPathComment } from '../xpath/skip-lexical.js'

/** Literal text between commands; offsets into the template text. */
export interface TextToken {
  readonly kind: 'text'
  readonly start: number
  readonly end: number
}

/** A command: `start` at `{{`, the body between `{{` and `}}`, `end` after `}}`. */
export interface CommandToken {
  readonly kind: 'command'
  readonly start: number
  readonly bodyStart: number
  readonly bodyEnd: number
  readonly end: number
}

/** A `{{` that is never closed; nothing after it is read. */
export interface UnterminatedToken {
  readonly kind: 'unterminated'
  readonly start: number
}

export type TemplateToken = TextToken | CommandToken | UnterminatedToken

export function lexTemplate(text: string): TemplateToken[] {
  const tokens: TemplateToken[] = []
  let textStart = 0
  for (;;) {
    let open = text.indexOf('{{', textStart)
    if (open < 0) break
    // T-LEX-1: in `{{{`, the first `{` is literal text
    while (text.charCodeAt(open + 2) === 0x7b) open++
    if (open > textStart) tokens.push({ kind: 'text', start: textStart, end: open })
    const bodyStart = open + 2
    const bodyEnd = text.startsWith('//', bodyStart) ? text.indexOf('}}', bodyStart + 2) : commandEnd(text, bodyStart)
    if (bodyEnd < 0) {
      tokens.push({ kind: 'unterminated', start: open })
      return tokens
    }
    tokens.push({ kind: 'command', start: open, bodyStart, bodyEnd, end: bodyEnd + 2 })
    textStart = bodyEnd + 2
  }
  if (textStart < text.length) tokens.push({ kind: 'text', start: textStart, end: text.length })
  return tokens
}

/** Index of the `}}` ending a command whose body starts at `from` (T-LEX-3), or -1. */
function commandEnd(text: string, from: number): number {
  let depth = 0
  let i = from
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 0x22 || c === 0x27) {
      i = afterString(text, i)
      if (i < 0) return -1
    } else if (c === 0x28 && text.charCodeAt(i + 1) === 0x3a) {
      i = afterXPathComment(text, i)
      if (i < 0) return -1
    } else {
      if (c === 0x7b) depth++
      else if (c === 0x7d) {
        if (depth > 0) depth--
        else if (text.charCodeAt(i + 1) === 0x7d) return i
      }
      i++
    }
  }
  return -1
}
