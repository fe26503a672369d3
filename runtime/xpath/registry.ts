/**
 * The one table of extension functions (xpath-functions.md section 10 and the compatible versions of
 * XP-STR-1): names, arities, parameter kinds (FN-0-2), result types and implementation status. The
 * compile checks (XC-2, XC-3, XC-10), the rewrite (argument conversion) and the engine registration
 * all read it; runtime/xpath/functions holds the implementations of the `implemented` entries.
 */

/** FN-0-2 parameter kinds; `any` passes the whole sequence, the others its first item. */
export type ParamKind = 'string' | 'number' | 'boolean' | 'node' | 'oxn-array' | 'any'

/** `implemented`; `not-implemented`: a later issue adds it; `not-supported`: "optional, later" (XC-10). */
export type FunctionStatus = 'implemented' | 'not-implemented' | 'not-supported'

export interface ExtensionFunction {
  /** Parameter kinds in order; for a variadic function the last one repeats. */
  readonly params: readonly ParamKind[]
  readonly min: number
  /** `Infinity` for variadic functions. */
  readonly max: number
  /** Result as an XPath sequence type (registration and static typing). */
  readonly result: string
  readonly status: FunctionStatus
  /** The form without its last argument reads the context item (the rewrite passes `.`). */
  readonly contextDefault?: true
  /** Variadic functions: the highest arity registered with the engine (else the rewrite's concat limit). */
  readonly engineArity?: number
  /** Rule of xpath-functions.md that defines the function. */
  readonly rule: string
}

const S = 'string'
const N = 'number'
const B = 'boolean'

function fn(
  params: readonly ParamKind[],
  min: number,
  max: number,
  result: string,
  status: FunctionStatus,
  rule: string,
  contextDefault = false,
  engineArity?: number,
): ExtensionFunction {
  return Object.freeze({
    params: Object.freeze([...params]),
    min,
    max,
    result,
    status,
    rule,
    ...(contextDefault ? { contextDefault: true as const } : {}),
    ...(engineArity !== undefined ? { engineArity } : {}),
  })
}

/** FN-join-1 asks for at least 64 inputs; the glue comes first. */
const JOIN_ENGINE_ARITY = 1 + 128

const DONE: FunctionStatus = 'implemented'
const OPTIONAL: FunctionStatus = 'not-supported'

/** Every extension function by name (aliases of XP-NAME-5 are entries of their own). */
export const EXTENSION_FUNCTIONS: ReadonlyMap<string, ExtensionFunction> = new Map<string, ExtensionFunction>([
  // XP-STR-1: compatible versions of standard functions
  ['string', fn([S], 0, 1, 'xs:string', DONE, 'XP-STR-1', true)],
  ['number', fn([N], 0, 1, 'xs:double', DONE, 'XP-STR-1', true)],
  ['concat', fn([S, S], 2, Infinity, 'xs:string', DONE, 'XP-STR-1')],
  ['contains', fn([S, S], 2, 2, 'xs:boolean', DONE, 'XP-STR-1')],
  ['starts-with', fn([S, S], 2, 2, 'xs:boolean', DONE, 'XP-STR-1')],
  ['ends-with', fn([S, S], 2, 2, 'xs:boolean', DONE, 'FN-ends-with-1')],
  ['substring', fn([S, N, N], 2, 3, 'xs:string', DONE, 'XP-STR-1')],
  ['substring-before', fn([S, S], 2, 2, 'xs:string', DONE, 'XP-STR-1')],
  ['substring-after', fn([S, S], 2, 2, 'xs:string', DONE, 'XP-STR-1')],
  ['string-length', fn([S], 0, 1, 'xs:integer', DONE, 'XP-STR-1', true)],
  ['normalize-space', fn([S], 0, 1, 'xs:string', DONE, 'XP-STR-1', true)],
  ['translate', fn([S, S, S], 3, 3, 'xs:string', DONE, 'XP-STR-1')],
  ['upper-case', fn([S], 1, 1, 'xs:string', DONE, 'XP-STR-1')],
  ['lower-case', fn([S], 1, 1, 'xs:string', DONE, 'XP-STR-1')],
  ['round', fn([N], 1, 1, 'xs:double?', DONE, 'XP-STR-1')],
  ['floor', fn([N], 1, 1, 'xs:double?', DONE, 'XP-STR-1')],
  ['ceiling', fn([N], 1, 1, 'xs:double?', DONE, 'XP-STR-1')],
  ['name', fn(['node'], 0, 1, 'xs:string', DONE, 'XP-STR-1', true)],
  ['local-name', fn(['node'], 0, 1, 'xs:string', DONE, 'XP-STR-1', true)],
  ['namespace-uri', fn(['node'], 0, 1, 'xs:string', DONE, 'XP-STR-1', true)],
  ['sum', fn(['any'], 1, 1, 'xs:double', DONE, 'XP-STR-1')],
  // 10.2 strings
  ['capitalize-first', fn([S], 1, 1, 'xs:string', DONE, 'FN-capitalize-first-1')],
  ['join', fn([S, 'any'], 1, Infinity, 'xs:string', DONE, 'FN-join-1', false, JOIN_ENGINE_ARITY)],
  ['matches', fn([S, S, S], 2, 3, 'xs:boolean', DONE, 'FN-matches-1')],
  ['replace', fn([S, S, S, S], 3, 4, 'xs:string', DONE, 'FN-replace-1')],
  ['split', fn([S, S], 1, 2, 'element()*', DONE, 'FN-split-1')],
  ['tolower', fn([S], 0, 1, 'xs:string', DONE, 'FN-tolower-1', true)],
  ['toupper', fn([S], 0, 1, 'xs:string', DONE, 'FN-toupper-1', true)],
  ['trim', fn([S], 1, 1, 'xs:string', DONE, 'FN-trim-1')],
  // 10.4 JSON
  ['json-parse', fn([S], 1, 1, 'element()?', DONE, 'FN-json-parse-1')],
  ['json-stringify', fn(['any', B], 1, 2, 'xs:string', DONE, 'FN-json-stringify-1')],
  ['json-to-xml', fn([S], 1, 1, 'document-node()?', DONE, 'FN-json-to-xml-1')],
  ['xml-to-json', fn(['any'], 1, 1, 'xs:string', DONE, 'FN-xml-to-json-1')],
  ['json-to-csv', fn(['oxn-array'], 1, 1, 'xs:string', DONE, 'FN-json-to-csv-1')],
  ['array', fn(['any'], 1, 1, 'element()', DONE, 'FN-array-1')],
  ['array-reverse', fn(['oxn-array'], 1, 1, 'element()?', DONE, 'FN-array-reverse-1')],
  ['sort', fn(['oxn-array', S, B], 1, 3, 'element()?', DONE, 'FN-sort-1')],
  // 10.5 encoding and hashing
  ['apply-codecs', fn([S, S], 2, Infinity, 'xs:string', DONE, 'CODEC-1')],
  ['base64-encode', fn([S], 1, 1, 'xs:string', DONE, 'FN-base64-encode-1')],
  ['base64-decode', fn([S, B], 1, 2, 'item()', DONE, 'FN-base64-decode-1')],
  ['urlencode', fn([S], 1, 1, 'xs:string', DONE, 'FN-urlencode-1')],
  ['url-encode', fn([S], 1, 1, 'xs:string', DONE, 'FN-urlencode-1')],
  ['urldecode', fn([S], 1, 1, 'xs:string', DONE, 'FN-urldecode-1')],
  ['url-decode', fn([S], 1, 1, 'xs:string', DONE, 'FN-urldecode-1')],
  ['md5', fn([S], 1, 1, 'xs:string', DONE, 'FN-md5-1')],
  // 10.6 signatures and encryption
  ['calc-signature', fn([S, S, S, S], 2, 4, 'xs:string', DONE, 'FN-calc-signature-1')],
  ['verify-signature', fn([S, S, S, S], 3, 4, 'xs:boolean', DONE, 'FN-verify-signature-1')],
  ['encrypt', fn([S, S], 2, 2, 'xs:string', DONE, 'FN-encrypt-1')],
  ['decrypt', fn([S, S, S], 2, 3, 'xs:string', DONE, 'FN-decrypt-1')],
  // 10.7 date and UUID
  ['unixtime', fn([], 0, 0, 'xs:integer', DONE, 'FN-unixtime-1')],
  ['uuid4', fn([], 0, 0, 'xs:string', DONE, 'FN-uuid4-1')],
  ['uuid3', fn([S, S], 1, 2, 'xs:string', DONE, 'FN-uuid3-1')],
  // 10.8 document access
  ['body', fn([S], 0, 1, 'xs:string', DONE, 'FN-body-1')],
  ['content', fn([S], 0, 1, 'item()?', DONE, 'FN-content-1')],
  ['svc-document', fn([S], 1, 1, 'document-node()?', DONE, 'FN-svc-document-1')],
  ['json-doc', fn([S], 1, 1, 'element()?', DONE, 'FN-json-doc-1')],
  ['file-exists', fn([S], 1, 1, 'xs:boolean?', DONE, 'FN-file-exists-1')],
  ['lookup', fn([S, S, S], 2, 3, 'xs:string', DONE, 'FN-lookup-1')],
  // 10.9 JWT
  ['jwt-decode', fn([S, S, S], 2, 3, 'element()?', DONE, 'FN-jwt-decode-1')],
  ['jwt-encode', fn(['any', S, N, S], 2, 4, 'xs:string', DONE, 'FN-jwt-encode-1')],
  // 10.10 XML and HTML
  ['xml-parse', fn([S], 1, 1, 'document-node()?', DONE, 'FN-xml-parse-1')],
  ['html-parse', fn([S], 1, 1, 'document-node()', DONE, 'FN-html-parse-1')],
  ['has-class', fn([S, 'node'], 1, 2, 'xs:boolean', DONE, 'FN-has-class-1', true)],
  ['verify-xmldsig', fn(['any'], 1, 1, 'xs:boolean', OPTIONAL, 'FN-verify-xmldsig-1')],
  ['decrypt-xml', fn(['any', S, S], 2, 3, 'xs:boolean', OPTIONAL, 'FN-decrypt-xml-1')],
  // 10.11 diagnostics
  ['svc-log', fn([S], 1, 1, 'xs:boolean', DONE, 'FN-svc-log-1')],
  ['svc-serialize', fn(['any', B], 1, 2, 'xs:string', DONE, 'FN-svc-serialize-1')],
  ['get-log', fn([], 0, 0, 'element()', DONE, 'FN-get-log-1')],
  // 10.12 LDAP
  ['ldap-lookup', fn([S, S, S, S, S, S, S], 7, 7, 'element()?', OPTIONAL, 'FN-ldap-lookup-1')],
  ['ldap-query', fn([S, S, S, S, S, S], 6, 6, 'element()?', OPTIONAL, 'FN-ldap-query-1')],
])

/** The extension function `name`, if there is one. */
export function extensionFunction(name: string): ExtensionFunction | undefined {
  return EXTENSION_FUNCTIONS.get(name)
}

/** Whether `spec` accepts `arity` arguments. */
export function acceptsArity(spec: ExtensionFunction, arity: number): boolean {
  return arity >= spec.min && arity <= spec.max
}

/** Kind of the parameter at `index` (the last kind repeats for variadic functions). */
export function paramKind(spec: ExtensionFunction, index: number): ParamKind {
  return spec.params[Math.min(index, spec.params.length - 1)] ?? 'any'
}

/**
 * XP-NAME-1: whether an unprefixed call `name#arity` resolves to the gateway's version (else the
 * standard function namespace). Only implemented functions are registered with the engine; the
 * compile check rejects calls of the others before they can run.
 */
export function resolvesToGateway(name: string, arity: number): boolean {
  const spec = EXTENSION_FUNCTIONS.get(name)
  return spec !== undefined && acceptsArity(spec, arity)
}
