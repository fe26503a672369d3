/**
 * The output of a static template (actions.md ACT-COMMON-3: only literal text and comments) known at
 * compile time: the text after T-WS-2, and either its JSON value (OXN-12, OXN-13) or the position of
 * the first JSON syntax error in the file (T-SRC-3), for the actions' shape checks.
 */
import { JsonSyntaxError } from '../../runtime/oxn/json-syntax-error.js'
import { parseJson } from '../../runtime/oxn/parse-json.js'
import type { JsonValue } from '../../runtime/values/json-value.js'
import { type Loc, subLoc, type SubSource } from '../diagnostics/source.js'
import type { TemplateToken } from './lexer.js'

export interface StaticOutput {
  readonly staticText: string
  readonly staticJson?: JsonValue
  readonly staticError?: { readonly loc: Loc; readonly message: string }
}

/**
 * The static output of a template given as tokens whose commands are all comments (the caller checks
 * that), with JSON errors mapped back through the text runs to the file.
 */
export function staticOutput(sub: SubSource, tokens: readonly TemplateToken[]): StaticOutput {
  let text = ''
  const origins: number[] = []
  for (const token of tokens) {
    if (token.kind !== 'text') continue
    text += sub.text.slice(token.start, token.end)
    for (let i = token.start; i < token.end; i++) origins.push(i)
  }
  const start = text.search(/[^ \t\r\n]/)
  if (start < 0) return { staticText: '' }
  const trimmed = text.slice(start).replace(/[ \t\r\n]+$/, '')
  try {
    return { staticText: trimmed, staticJson: parseJson(trimmed) }
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    const at = start + error.offset
    const offset = at < origins.length ? origins[at]! : sub.text.length
    return { staticText: trimmed, staticError: { loc: subLoc(sub, offset), message: `invalid JSON: ${error.reason}` } }
  }
}
