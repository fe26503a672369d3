/**
 * Locations (flows.md F-LOC-1, F-LOC-2): the text forms `$name`, `svc://request/content`,
 * `svc://request/content/<id>`, `svc://request/empty`, `svc://site/<path>`, `/<path>` and a path
 * relative to the flow file. Parsed at compile time for static values and at run time for dynamic
 * ones, by the same function.
 */
import { checkVariableName } from './variable-name.js'

export type Location =
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'main-content' }
  | { readonly kind: 'upstream-content'; readonly id: string }
  | { readonly kind: 'empty-document' }
  /** A file below the site root; `path` is site-relative, normalised, without leading `/`. */
  | { readonly kind: 'file'; readonly path: string }

/** A location whose text is only known at run time, with the site-relative directory of its flow file. */
export interface LocationText {
  readonly kind: 'text'
  readonly text: string
  readonly dir: string
}

export type LocationParse =
  { readonly ok: true; readonly location: Location } | { readonly ok: false; readonly reason: string }

const CONTENT_PREFIX = 'svc://request/content/'
const SITE_PREFIX = 'svc://site/'

/**
 * Parses location text. `dir` is the site-relative directory of the file holding the action ('' for
 * the site root); relative paths resolve against it.
 */
export function parseLocation(text: string, dir: string): LocationParse {
  if (text.startsWith('$')) {
    const check = checkVariableName(text)
    if (check === 'valid') return { ok: true, location: { kind: 'variable', name: text.slice(1) } }
    return {
      ok: false,
      reason:
        check === 'reserved'
          ? `variable names starting with xml are reserved: ${text}`
          : `invalid variable name ${text}`,
    }
  }
  if (text === 'svc://request/content') return { ok: true, location: { kind: 'main-content' } }
  if (text === 'svc://request/empty') return { ok: true, location: { kind: 'empty-document' } }
  if (text.startsWith(CONTENT_PREFIX)) {
    const id = text.slice(CONTENT_PREFIX.length)
    if (id === '' || id.includes('/')) return { ok: false, reason: `invalid content location ${text}` }
    return { ok: true, location: { kind: 'upstream-content', id } }
  }
  if (text.startsWith('svc:')) {
    if (!text.startsWith(SITE_PREFIX)) return { ok: false, reason: `unknown location ${text}` }
    return fileLocation(text.slice(SITE_PREFIX.length), '')
  }
  if (text === '') return { ok: false, reason: 'empty location' }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text)) return { ok: false, reason: `unknown location ${text}` }
  if (text.startsWith('/')) return fileLocation(text.slice(1), '')
  return fileLocation(text, dir)
}

function fileLocation(path: string, dir: string): LocationParse {
  const normalised = normaliseSitePath(dir === '' ? path : `${dir}/${path}`)
  if (normalised === undefined) return { ok: false, reason: `path leaves the project root: ${path}` }
  if (normalised === '') return { ok: false, reason: `not a file: ${path}` }
  return { ok: true, location: { kind: 'file', path: normalised } }
}

/** Resolves `.` and `..` of a site-relative path (F-LOC-2); undefined when it leaves the site root. */
export function normaliseSitePath(path: string): string | undefined {
  const out: string[] = []
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (out.length === 0) return undefined
      out.pop()
    } else out.push(part)
  }
  return out.join('/')
}

/** Wraps dynamic location text for `readLocation` (generated code: `locationText(text, "flows")`). */
export function locationText(text: string, dir: string): LocationText {
  return { kind: 'text', text, dir }
}
