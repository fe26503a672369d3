/**
 * What every extension function does (xpath-functions.md section 10 and the compatible versions of
 * XP-STR-1): its signature as the spec writes it and one sentence. Keyed by the names of the runtime's
 * EXTENSION_FUNCTIONS (runtime/xpath/registry.ts, the table the compile checks use); a unit test
 * checks that both have the same keys. Arities, status and rule come from that table.
 */
import { EXTENSION_FUNCTIONS, type ExtensionFunction, type FunctionStatus } from '../../runtime/xpath/registry.js'

export interface FunctionDoc {
  /** e.g. `matches(string $input, string $pattern, string $flags = '') → boolean`. */
  readonly signature: string
  readonly summary: string
  /** The rule that defines it (the runtime table's `rule`). */
  readonly spec: string
  readonly minArgs: number
  /** `Infinity` for variadic functions. */
  readonly maxArgs: number
  /** `not-supported`: "optional, later" (XC-10), a call is a CE. */
  readonly status: FunctionStatus
}

type FunctionText = Pick<FunctionDoc, 'signature' | 'summary'>

const TEXT: Readonly<Record<string, FunctionText>> = {
  // XP-STR-1: compatible versions of standard functions
  string: {
    signature: 'string(any $value?) → string',
    summary: 'String value of the argument (or of the context item); the empty sequence gives "".',
  },
  number: {
    signature: 'number(any $value?) → number',
    summary: 'Number value of the argument (or of the context item) by XP-CONV-2; NaN when not numeric.',
  },
  concat: { signature: 'concat(string $a, string $b, string…) → string', summary: 'Joins two or more strings.' },
  contains: { signature: 'contains(string $s, string $t) → boolean', summary: 'True when `$s` contains `$t`.' },
  'starts-with': {
    signature: 'starts-with(string $s, string $prefix) → boolean',
    summary: 'True when `$s` starts with `$prefix`.',
  },
  'ends-with': {
    signature: 'ends-with(string $s, string $suffix) → boolean',
    summary: 'True when `$s` ends with `$suffix` (case-sensitive); an empty suffix gives true.',
  },
  substring: {
    signature: 'substring(string $s, number $start, number $length?) → string',
    summary: 'Characters of `$s` from position `$start` (counting from 1).',
  },
  'substring-before': {
    signature: 'substring-before(string $s, string $t) → string',
    summary: 'The part of `$s` before the first `$t`.',
  },
  'substring-after': {
    signature: 'substring-after(string $s, string $t) → string',
    summary: 'The part of `$s` after the first `$t`.',
  },
  'string-length': {
    signature: 'string-length(string $s?) → integer',
    summary: 'Number of characters (code points) of `$s` or of the context item.',
  },
  'normalize-space': {
    signature: 'normalize-space(string $s?) → string',
    summary: 'Trims whitespace and collapses inner runs to one space.',
  },
  translate: {
    signature: 'translate(string $s, string $from, string $to) → string',
    summary: 'Replaces each character of `$from` by the one at the same position in `$to` (or removes it).',
  },
  'upper-case': { signature: 'upper-case(string $s) → string', summary: 'Upper case, as `toupper`.' },
  'lower-case': { signature: 'lower-case(string $s) → string', summary: 'Lower case, as `tolower`.' },
  round: {
    signature: 'round(number $n) → number?',
    summary: 'Nearest integer; halves round towards positive infinity.',
  },
  floor: { signature: 'floor(number $n) → number?', summary: 'Largest integer not greater than `$n`.' },
  ceiling: { signature: 'ceiling(number $n) → number?', summary: 'Smallest integer not less than `$n`.' },
  name: {
    signature: 'name(node $n?) → string',
    summary: 'Name of the first node of the argument (or of the context item); "" for a non-node.',
  },
  'local-name': {
    signature: 'local-name(node $n?) → string',
    summary: 'Local name of the first node of the argument (or of the context item).',
  },
  'namespace-uri': {
    signature: 'namespace-uri(node $n?) → string',
    summary: 'Namespace URI of the first node of the argument (or of the context item).',
  },
  sum: {
    signature: 'sum(any $items) → number',
    summary: 'Sum of the items converted to numbers; empty gives 0, a non-numeric item NaN.',
  },
  // 10.2 strings
  'capitalize-first': {
    signature: 'capitalize-first(string $s) → string',
    summary: 'Upper-cases the first character when it is a lower-case letter.',
  },
  join: {
    signature: 'join(string $glue, any $input…) → string',
    summary: "Joins the inputs' entries (array items, node string values, atomic values) with `$glue`.",
  },
  matches: {
    signature: "matches(string $input, string $pattern, string $flags = '') → boolean",
    summary: 'True when the regular expression matches somewhere in `$input` (flags `imsx`).',
  },
  replace: {
    signature: "replace(string $input, string $pattern, string $replacement, string $flags = '') → string",
    summary: 'Replaces every match of the regular expression; `$n` and `${n}` insert groups.',
  },
  split: {
    signature: 'split(string $subject, string $pattern?) → element()*',
    summary: 'Splits at whitespace or at matches of `$pattern` into `token` elements; empty tokens are dropped.',
  },
  tolower: {
    signature: 'tolower(string $s?) → string',
    summary: 'Lower case (Unicode, locale-independent) of `$s` or of the context item.',
  },
  toupper: {
    signature: 'toupper(string $s?) → string',
    summary: 'Upper case (Unicode, locale-independent) of `$s` or of the context item.',
  },
  trim: {
    signature: 'trim(string $s) → string',
    summary: 'Removes leading and trailing spaces, tabs, CR, LF and vertical tabs.',
  },
  // 10.4 JSON
  'json-parse': {
    signature: 'json-parse(string $json) → element()?',
    summary: 'Parses JSON text and returns the root element of a new OXN tree; invalid JSON gives ().',
  },
  'json-stringify': {
    signature: 'json-stringify(any $value, boolean $pretty = false()) → string',
    summary: 'Writes the first item as JSON text, compact or indented by two spaces.',
  },
  'json-to-xml': {
    signature: 'json-to-xml(string $json) → document-node()?',
    summary: 'Parses JSON text like `json-parse` but returns the document node.',
  },
  'xml-to-json': {
    signature: 'xml-to-json(any $node) → string',
    summary: 'Renders exactly one node as compact JSON text.',
  },
  'json-to-csv': {
    signature: 'json-to-csv(oxn-array $rows) → string',
    summary: 'Writes an array of arrays or objects of scalars as CSV records ending in CR LF.',
  },
  array: {
    signature: 'array(any $items) → element()',
    summary: 'A new OXN array with one item per item of the sequence.',
  },
  'array-reverse': {
    signature: 'array-reverse(oxn-array $array) → element()?',
    summary: 'A new OXN array with the items in reverse order.',
  },
  sort: {
    signature: "sort(oxn-array $array, string $key = '', boolean $descending = false()) → element()?",
    summary: 'A new OXN array sorted by a key expression: numbers before strings, missing keys last, stable.',
  },
  // 10.5 encoding and hashing
  'apply-codecs': {
    signature: 'apply-codecs(string $input, string $codec…) → string',
    summary: 'Applies codecs in order: base64(-url)-encode/decode, url-encode/decode, deflate, inflate.',
  },
  'base64-encode': {
    signature: 'base64-encode(string $s) → string',
    summary: 'Base64 (standard alphabet, padded) of the UTF-8 bytes of `$s`.',
  },
  'base64-decode': {
    signature: 'base64-decode(string $s, boolean $strict = false()) → string',
    summary: 'Decodes Base64 leniently, or strictly (returning false() on bad input).',
  },
  urlencode: {
    signature: 'urlencode(string $s) → string',
    summary: 'Percent-encodes every byte except `A-Z a-z 0-9 - _ . ~` (RFC 3986).',
  },
  'url-encode': {
    signature: 'url-encode(string $s) → string',
    summary: 'Percent-encodes every byte except `A-Z a-z 0-9 - _ . ~` (RFC 3986); same as `urlencode`.',
  },
  urldecode: { signature: 'urldecode(string $s) → string', summary: 'Decodes `%XX` escapes; `+` stays `+`.' },
  'url-decode': {
    signature: 'url-decode(string $s) → string',
    summary: 'Decodes `%XX` escapes; `+` stays `+`; same as `urldecode`.',
  },
  md5: { signature: 'md5(string $s) → string', summary: 'MD5 digest of the UTF-8 bytes as 32 lower-case hex digits.' },
  // 10.6 signatures and encryption
  'calc-signature': {
    signature:
      "calc-signature(string $data, string $private_key, string $passphrase = '', string $algorithm = 'SHA256') → string",
    summary: 'Signs `$data` with a private key (RSA, DSA or EC) and returns the Base64 signature.',
  },
  'verify-signature': {
    signature:
      "verify-signature(string $signature, string $data, string $public_key, string $algorithm = 'SHA256') → boolean",
    summary: 'True when the Base64 signature of `$data` is valid for the public key.',
  },
  encrypt: {
    signature: 'encrypt(string $data, string $public_key) → string',
    summary: 'RSA-OAEP encryption with a public key; returns Base64.',
  },
  decrypt: {
    signature: "decrypt(string $ciphertext, string $private_key, string $passphrase = '') → string",
    summary: 'Decrypts Base64 RSA-OAEP ciphertext with a private key.',
  },
  // 10.7 date and UUID
  unixtime: { signature: 'unixtime() → integer', summary: 'Seconds since 1970-01-01T00:00:00Z.' },
  uuid4: { signature: 'uuid4() → string', summary: 'A random version 4 UUID in lower case.' },
  uuid3: {
    signature: 'uuid3(string $namespace, string $name) → string',
    summary: 'A name-based version 3 UUID; with one argument the namespace is empty.',
  },
  // 10.8 document access
  body: {
    signature: "body(string $id = 'main') → string",
    summary: 'The stored body of upstream request `$id` as text.',
  },
  content: {
    signature: 'content(string $id?) → item()?',
    summary: 'The main content, or the stored upstream body `$id`, decoded by media type.',
  },
  'svc-document': {
    signature: 'svc-document(string $url) → document-node()?',
    summary: 'The document at an `svc://` location (content or site file).',
  },
  'json-doc': {
    signature: 'json-doc(string $path) → element()?',
    summary: 'Reads a location and parses it as JSON, whatever its media type.',
  },
  'file-exists': {
    signature: 'file-exists(string $url) → boolean?',
    summary: 'True when the `svc://site/…` file or directory, or the content location, exists.',
  },
  lookup: {
    signature: "lookup(string $file, string $key, string $default = '') → string",
    summary: 'The value of member `$key` of a JSON object file, or `$default`.',
  },
  // 10.9 JWT
  'jwt-decode': {
    signature: 'jwt-decode(string $jws, string $key, string $algorithm?) → element()?',
    summary: 'Verifies a compact JWS and returns its payload as an OXN object.',
  },
  'jwt-encode': {
    signature: "jwt-encode(any $claims, string $key, number $ttl = 0, string $algorithm = 'HS256') → string",
    summary: 'Signs claims as a compact JWS, adding `exp` when `$ttl` > 0.',
  },
  // 10.10 XML and HTML
  'xml-parse': {
    signature: 'xml-parse(string $xml) → document-node()?',
    summary: 'Parses XML text (no DTD processing) into a document.',
  },
  'html-parse': {
    signature: 'html-parse(string $html) → document-node()',
    summary: 'Parses HTML text with the HTML5 algorithm; never fails.',
  },
  'has-class': {
    signature: 'has-class(string $class, node $context?) → boolean',
    summary: "True when the element's `class` attribute has the token `$class` (case-insensitive).",
  },
  'verify-xmldsig': {
    signature: 'verify-xmldsig(any $signed) → boolean',
    summary: 'Verifies an enveloped XML Signature (optional, not supported yet).',
  },
  'decrypt-xml': {
    signature: "decrypt-xml(any $encrypted, string $private_key, string $passphrase = '') → boolean",
    summary: 'Decrypts an XML Encryption `EncryptedData` element in place (optional, not supported yet).',
  },
  // 10.11 diagnostics
  'svc-log': {
    signature: 'svc-log(string $message) → boolean',
    summary: 'Writes a debug line (level info, topic flow) and returns true().',
  },
  'svc-serialize': {
    signature: 'svc-serialize(any $value, boolean $pretty = true()) → string',
    summary: 'XML serialization of nodes (string value of an atomic item).',
  },
  'get-log': {
    signature: 'get-log() → element()',
    summary: 'The access-log fields known so far for this request, as an OXN object.',
  },
  // 10.12 LDAP
  'ldap-lookup': {
    signature:
      'ldap-lookup(string $url, string $bind_dn, string $bind_password, string $base_dn, string $filter, string $user_password, string $attributes) → element()?',
    summary: "Finds an LDAP entry and binds as it with the user's password (optional, not supported yet).",
  },
  'ldap-query': {
    signature:
      'ldap-query(string $url, string $bind_dn, string $bind_password, string $base_dn, string $filter, string $attributes) → element()?',
    summary: 'Searches an LDAP subtree and returns the entries as an OXN array (optional, not supported yet).',
  },
}

function build(): Readonly<Record<string, FunctionDoc>> {
  const docs: Record<string, FunctionDoc> = {}
  for (const [name, spec] of EXTENSION_FUNCTIONS) {
    const text = TEXT[name]
    if (text === undefined) throw new Error(`no documentation for ${name}() (compiler/language/function-docs.ts)`)
    docs[name] = withSpec(text, spec)
  }
  return docs
}

function withSpec(text: FunctionText, spec: ExtensionFunction): FunctionDoc {
  return { ...text, spec: spec.rule, minArgs: spec.min, maxArgs: spec.max, status: spec.status }
}

/** Every extension function, keyed by name, in the order of the runtime's table. */
export const FUNCTION_DOCS: Readonly<Record<string, FunctionDoc>> = build()

/** The documentation text keys, for the completeness test. */
export const DOCUMENTED_FUNCTIONS: readonly string[] = Object.keys(TEXT)
