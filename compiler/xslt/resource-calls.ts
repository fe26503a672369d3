/**
 * What a stylesheet may read (actions.md ACT-xslt-5, Decided): `document()`, `doc()` and
 * `doc-available()` with a literal URI that resolves to an `svc://` location (flows.md F-LOC-1:
 * content locations and project files; `document('')` is the module itself). Any other way of
 * reaching a resource (a computed URI, another scheme, `unparsed-text()`, `collection()`,
 * `json-doc()`, `transform()`, function references and `function-lookup()`) is a CE, because the XSLT
 * engine would read any file of the server for it (`xsl:result-document`, which would write one, is
 * refused by compiler/xslt/stylesheet-module.ts). Works on expression text; string literals are
 * skipped, so their content never counts as a call.
 */

/** Functions that read a document named by their first argument. */
const DOCUMENT_FUNCTIONS = new Set(['document', 'doc', 'doc-available'])

/** Functions that read other resources (or may reach any function by name). */
const REFUSED_FUNCTIONS = new Set([
  'unparsed-text',
  'unparsed-text-lines',
  'unparsed-text-available',
  'collection',
  'uri-collection',
  'json-doc',
  'transform',
  'load-xquery-module',
  'function-lookup',
])

export type ResourceCall =
  | { readonly ok: true; readonly offset: number; readonly uri: string }
  | { readonly ok: false; readonly offset: number; readonly reason: string }

/** The resource calls in expression text, in order, with their offsets in `text`. */
export function resourceCalls(text: string): ResourceCall[] {
  const calls: ResourceCall[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"' || c === "'") {
      i = skipLiteral(text, i)
      continue
    }
    const name = /^(?:fn:|Q\{http:\/\/www\.w3\.org\/2005\/xpath-functions\})?([a-z][a-z-]*)\s*([(#])/.exec(
      text.slice(i),
    )
    if (name === null || isNameCharacter(text[i - 1])) {
      i++
      continue
    }
    const local = name[1]!
    const argumentStart = i + name[0].length
    if (REFUSED_FUNCTIONS.has(local))
      calls.push({ ok: false, offset: i, reason: `${local}() is not available in stylesheets` })
    else if (DOCUMENT_FUNCTIONS.has(local) && name[2] === '#')
      calls.push({ ok: false, offset: i, reason: `a reference to ${local}() is not allowed in stylesheets` })
    else if (DOCUMENT_FUNCTIONS.has(local)) calls.push(documentCall(text, i, argumentStart, local))
    i = argumentStart
  }
  return calls
}

/** `document('literal')`: the literal; anything else is refused. */
function documentCall(text: string, offset: number, argumentStart: number, local: string): ResourceCall {
  const literal = /^\s*("[^"]*"|'[^']*')\s*[,)]/.exec(text.slice(argumentStart))
  if (literal === null) {
    return {
      ok: false,
      offset,
      reason: `${local}() needs a literal URI such as ${local}('svc://site/data.xml'); a computed URI could read any file of the server`,
    }
  }
  const quoted = literal[1]!
  // XPath doubles a quote to escape it; neither form can hold the other quote here
  return { ok: true, offset, uri: quoted.slice(1, -1) }
}

function skipLiteral(text: string, start: number): number {
  const quote = text[start]!
  let i = start + 1
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] !== quote) return i + 1
      i += 2
    } else i++
  }
  return i
}

/** A character that continues an XPath name or variable (so `my-doc(` and `$doc(` are no calls of `doc`). */
function isNameCharacter(c: string | undefined): boolean {
  return c !== undefined && /[\w.:\-}$]/.test(c)
}
