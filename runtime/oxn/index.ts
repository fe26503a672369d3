/**
 * runtime/oxn: JSON text -> JsonValue, the lazy OXN node model over it, the fontoxpath facade, string
 * values and conversions, and rendering nodes and values back to JSON (oxn.md; xpath-functions.md
 * XP-CONV, XP-NUM-1; templates.md T-OUT, T-ESC; flows.md F-VAR-9, F-VAR-13).
 */
export { parseJson, MAX_JSON_DEPTH } from './parse-json.js'
export { JsonTextReader } from './json-text.js'
export { JsonSyntaxError } from './json-syntax-error.js'
export { OxnNode, OxnDocument, OxnElement, OxnAttribute, OxnText, type OxnNodeKind } from './nodes.js'
export { oxnDocument, oxnRoot, isOxnNode, childElements, childByName } from './tree.js'
export {
  jsonTypeOf,
  memberElementName,
  JSON_TYPES,
  ESCAPED_MEMBER_NAME,
  ROOT_NAME,
  ITEM_NAME,
  type JsonType,
} from './json-type.js'
export { isNCName } from './ncname.js'
export { OXN_DOM_FACADE } from './dom-facade.js'
export { stringValue, jsonStringValue } from './string-value.js'
export { typeOfNode, isTrueText } from './typed-value.js'
export {
  formatXPathNumber,
  formatJsonNumber,
  isJsonNumberLiteral,
  parseXPathDouble,
  trimXmlWhitespace,
} from './number-text.js'
export { jsonString } from './json-string.js'
export { renderJson, renderSequenceJson } from './render-json.js'
export { renderNode } from './render-node.js'
export { renderJsonValue } from './render-json-value.js'
export { firstMemberAt, renderMemberAt } from './member-path.js'
export { renderScalarText } from './render-scalar-text.js'
export { prettyJson } from './pretty-json.js'
export { toXPathString, toXPathNumber, effectiveBooleanValue, contentOfDocument, DECODED_FROM } from './convert.js'
export { XPathValueError } from './value-error.js'
export { decodeContent, decodeBodyContent } from './decode-content.js'
export { mediaKindOf, type MediaKind } from './media-type.js'
export { CONTENT_DECODERS, type ContentDecoder } from './decoders/index.js'
export { parseXmlText, type XmlParse } from './decoders/xml.js'
export { parseHtmlText } from './decoders/html.js'
export { mediaTypeOfFile, DEFAULT_FILE_MEDIA_TYPE } from './decoders/file-media-type.js'
