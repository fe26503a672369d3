/**
 * Scalars from untyped text (oxn.md OXN-R6): text whose entire content is a JSON number literal
 * (OXN-R7) is written as that number, exactly as in the text; any other text is a JSON string
 * (no trimming; `true`, `false` and `null` stay strings).
 */
import { jsonString } from './json-string.js'
import { isJsonNumberLiteral } from './number-text.js'

export function renderScalarText(text: string): string {
  return isJsonNumberLiteral(text) ? text : jsonString(text)
}
