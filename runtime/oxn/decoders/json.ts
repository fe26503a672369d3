/**
 * JSON content -> OXN document (flows.md F-VAR-9, oxn.md OXN-X6, OXN-14): the document remembers its
 * content so that XP-CONV-1 can use the content's text. Text that is not strict JSON is not decoded.
 */
import type { Content } from '../../values/content.js'
import { JsonSyntaxError } from '../json-syntax-error.js'
import type { OxnDocument } from '../nodes.js'
import { parseJson } from '../parse-json.js'
import { oxnDocument } from '../tree.js'

/** The OXN document of JSON content, or undefined when its text does not parse. */
export function decodeJsonContent(content: Content): OxnDocument | undefined {
  try {
    return oxnDocument(parseJson(content.text), content)
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined
    throw error
  }
}
