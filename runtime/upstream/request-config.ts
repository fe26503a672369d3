/**
 * The configuration object of `request` and of each `requests` entry (upstream.md UP-CFG-1..8,
 * UP-BODY-1..4 shapes, UP-OPT): checked once into a `RequestConfig` that the request builder reads.
 * The same checks run at compile time on static bodies (CE/CW) and at run time on dynamic ones
 * (RF/RW). `null`, and `""` for `id`, `url` and `method`, mean "not set".
 */
import { HTTP_TOKEN } from '../values/http-token.js'
import { JsonObject, type JsonValue } from '../values/json-value.js'
import { type ConfigPath, type ConfigProblems, pathText } from './config-problems.js'
import { isArray, jsonTypeName, membersOf, optionalString, scalarText } from './config-values.js'
import { HOP_BY_HOP_FIELDS } from './hop-by-hop.js'
import { checkOptions, type UpstreamOptions } from './options.js'

export interface NameValue {
  readonly name: string
  readonly value: string
}

/** A header of `headers`: `value` null suppresses the field (also a default one, UP-CFG-4). */
export interface HeaderField {
  readonly name: string
  readonly value: string | null
}

export type QueryConfig =
  { readonly kind: 'string'; readonly text: string } | { readonly kind: 'pairs'; readonly pairs: readonly NameValue[] }

/** A body or upload source (UP-BODY-3, UP-BODY-4): a JSON value, or a location read at send time. */
export type BodySource =
  { readonly kind: 'value'; readonly value: JsonValue } | { readonly kind: 'src'; readonly location: string }

export interface RawBodyConfig {
  readonly source: BodySource
  readonly mime: string | null
}

export interface UploadConfig {
  readonly name: string
  readonly source: BodySource
  readonly filename: string | null
  readonly mime: string | null
}

export type Encoding = 'utf-8' | 'latin1'

export interface RequestConfig {
  /** `id` of a `request` body; null when not set. */
  readonly id: string | null
  readonly url: string | null
  readonly method: string | null
  readonly headers: readonly HeaderField[]
  /** Non-empty list, or null when not set or empty (UP-CFG-6). */
  readonly cookies: readonly NameValue[] | null
  readonly query: QueryConfig | null
  readonly post: readonly NameValue[] | null
  readonly body: RawBodyConfig | null
  readonly uploads: readonly UploadConfig[] | null
  readonly encoding: Encoding
  readonly options: UpstreamOptions
}

/** Where the object comes from: `request` reads `id`; a `requests` entry ignores it (warning). */
export type ConfigSite = 'request' | 'requests'

const PROPERTIES = [
  'id',
  'url',
  'method',
  'headers',
  'cookies',
  'query',
  'post',
  'body',
  'uploads',
  'encoding',
  'options',
]

/**
 * Connection-management fields the gateway controls (UP-CFG-4, decided): ignored with a warning.
 * `Content-Length` is always computed and silently ignored.
 */
const IGNORED_HEADERS = new Set<string>([...HOP_BY_HOP_FIELDS, 'expect'])

/** Checks a configuration object; undefined when it is not an object (reported). */
export function checkRequestConfig(
  value: JsonValue,
  site: ConfigSite,
  problems: ConfigProblems,
  base: ConfigPath = [],
): RequestConfig | undefined {
  if (!(value instanceof JsonObject)) {
    problems.error(
      base,
      `${base.length === 0 ? 'the request configuration' : pathText(base)} must be an object, not ${jsonTypeName(value)}`,
    )
    return undefined
  }
  const get = (name: string) => value.get(name)
  // a configuration is checked on every request: the usual top-level paths are made once
  const at = base.length === 0 ? topLevelPath : (name: string): ConfigPath => [...base, name]
  for (const key of value.keys) {
    if (!PROPERTIES.includes(key))
      problems.warning(
        [...base, key],
        `unknown property ${JSON.stringify(key)} in the request configuration is ignored`,
      )
  }
  let id: string | null = null
  const idValue = optionalString(get('id'), at('id'), problems)
  if (idValue !== undefined && idValue !== '') {
    if (site === 'requests')
      problems.warning(at('id'), 'id inside a requests entry is ignored; the key is the request ID')
    else id = idValue
  }
  const post = checkPairs(get('post'), at('post'), problems, 'field')
  const uploads = checkUploads(get('uploads'), at('uploads'), problems)
  const body = checkRawBody(get('body'), at('body'), problems)
  if (body !== null && (post !== null || uploads !== null)) {
    problems.warning(at('body'), `body is ignored when ${uploads !== null ? 'uploads' : 'post'} is set`)
  }
  return {
    id,
    url: nonEmpty(optionalString(get('url'), at('url'), problems)),
    method: checkMethod(get('method'), at('method'), problems),
    headers: checkHeaders(get('headers'), at('headers'), problems, post !== null || uploads !== null),
    cookies: checkCookies(get('cookies'), at('cookies'), problems),
    query: checkQuery(get('query'), at('query'), problems),
    post,
    body: post !== null || uploads !== null ? null : body,
    uploads,
    encoding: checkEncoding(get('encoding'), at('encoding'), problems),
    options: checkOptions(get('options'), at('options'), problems),
  }
}

const TOP_LEVEL_PATHS = new Map<string, ConfigPath>(PROPERTIES.map((name) => [name, Object.freeze([name])]))

/** `[name]` for a property of a top-level configuration, the same frozen array each time. */
function topLevelPath(name: string): ConfigPath {
  return TOP_LEVEL_PATHS.get(name)!
}

function nonEmpty(text: string | undefined): string | null {
  return text === undefined || text === '' ? null : text
}

/** UP-CFG-3: upper-cased, an HTTP token. */
export function checkMethod(value: JsonValue | undefined, path: ConfigPath, problems: ConfigProblems): string | null {
  const text = nonEmpty(optionalString(value, path, problems))
  if (text === null) return null
  if (!HTTP_TOKEN.test(text)) {
    problems.error(path, `${pathText(path)} ${JSON.stringify(text)} is not a valid HTTP method`)
    return null
  }
  return text.toUpperCase()
}

/** UP-CFG-4. `form` tells that the gateway's own Content-Type is sent (UP-BODY-1). */
export function checkHeaders(
  value: JsonValue | undefined,
  path: ConfigPath,
  problems: ConfigProblems,
  form = false,
): HeaderField[] {
  if (value === undefined || value === null) return []
  if (!(value instanceof JsonObject)) {
    problems.error(path, `${pathText(path)} must be an object, not ${jsonTypeName(value)}`)
    return []
  }
  const fields: HeaderField[] = []
  for (const [name, field] of membersOf(value)) {
    const at = [...path, name]
    if (!HTTP_TOKEN.test(name)) {
      problems.error(at, `${JSON.stringify(name)} in ${pathText(path)} is not a valid header name`)
      continue
    }
    const lower = name.toLowerCase()
    if (lower === 'content-length') continue
    if (IGNORED_HEADERS.has(lower)) {
      problems.warning(at, `header ${name} is controlled by the gateway and is ignored`)
      continue
    }
    if (form && lower === 'content-type') {
      problems.warning(at, 'header Content-Type is ignored: form data and uploads are sent with their own type')
      continue
    }
    const text = field === null ? null : scalarText(field)
    if (text === undefined) {
      problems.error(
        at,
        `${pathText(at)} must be a string, number, boolean or null, not ${jsonTypeName(field)}; join several values in advance`,
      )
      continue
    }
    if (text !== null && /[\r\n\0]/.test(text)) {
      problems.error(at, `${pathText(at)} must not contain CR, LF or NUL`)
      continue
    }
    // Names differing only in case: the later one wins with its spelling.
    const earlier = fields.findIndex((f) => f.name.toLowerCase() === lower)
    if (earlier >= 0) fields.splice(earlier, 1)
    fields.push({ name, value: text === '' ? null : text })
  }
  return fields
}

/**
 * Object form, or array of `{name, value}` (UP-CFG-6, UP-CFG-7, UP-BODY-2). Values are scalars
 * as text; `null` omits the entry. `what` names the entry kind in messages.
 */
function checkPairs(
  value: JsonValue | undefined,
  path: ConfigPath,
  problems: ConfigProblems,
  what: string,
): NameValue[] | null {
  if (value === undefined || value === null) return null
  const pairs: NameValue[] = []
  const add = (name: string, item: JsonValue, at: ConfigPath) => {
    if (item === null) return
    const text = scalarText(item)
    if (text === undefined)
      problems.error(at, `${pathText(at)} must be a string, number, boolean or null, not ${jsonTypeName(item)}`)
    else pairs.push({ name, value: text })
  }
  if (value instanceof JsonObject) {
    for (const [name, item] of membersOf(value)) add(name, item, [...path, name])
    return pairs
  }
  if (!isArray(value)) {
    problems.error(path, `${pathText(path)} must be an object or an array of {name, value}, not ${jsonTypeName(value)}`)
    return null
  }
  value.forEach((entry, i) => {
    const at = [...path, i]
    if (!(entry instanceof JsonObject)) {
      problems.error(at, `${pathText(at)} must be an object {name, value}, not ${jsonTypeName(entry)}`)
      return
    }
    const name = entry.get('name')
    const item = entry.get('value')
    if (typeof name !== 'string' || name === '') {
      problems.error([...at, 'name'], `${pathText([...at, 'name'])} must be a non-empty string (the ${what} name)`)
      return
    }
    if (item === undefined) {
      problems.error([...at, 'value'], `${pathText(at)} has no value`)
      return
    }
    add(name, item, [...at, 'value'])
  })
  return pairs
}

/** UP-CFG-6: names are tokens; values without `;`, `,`, CR, LF, NUL; an empty list has no effect. */
export function checkCookies(
  value: JsonValue | undefined,
  path: ConfigPath,
  problems: ConfigProblems,
): NameValue[] | null {
  const pairs = checkPairs(value, path, problems, 'cookie')
  if (pairs === null) return null
  for (const { name, value: text } of pairs) {
    if (!HTTP_TOKEN.test(name))
      problems.error([...path, name], `cookie name ${JSON.stringify(name)} in ${pathText(path)} is not a valid token`)
    else if (/[;,\r\n\0]/.test(text))
      problems.error([...path, name], `cookie ${name} in ${pathText(path)} must not contain ;, comma, CR, LF or NUL`)
  }
  return pairs.length === 0 ? null : pairs
}

/** UP-CFG-7: a string (leading `?` removed), or pairs. */
export function checkQuery(
  value: JsonValue | undefined,
  path: ConfigPath,
  problems: ConfigProblems,
): QueryConfig | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'string') return { kind: 'string', text: value.startsWith('?') ? value.slice(1) : value }
  const pairs = checkPairs(value, path, problems, 'parameter')
  return pairs === null ? null : { kind: 'pairs', pairs }
}

/** UP-BODY-3: exactly one of `value` and `src`, optional `mime`. */
function checkRawBody(value: JsonValue | undefined, path: ConfigPath, problems: ConfigProblems): RawBodyConfig | null {
  if (value === undefined || value === null) return null
  if (!(value instanceof JsonObject)) {
    problems.error(path, `${pathText(path)} must be an object {value} or {src}, not ${jsonTypeName(value)}`)
    return null
  }
  const source = checkSource(value, path, problems)
  const mime = checkMime(value.get('mime'), [...path, 'mime'], problems)
  return source === undefined ? null : { source, mime }
}

function checkSource(object: JsonObject, path: ConfigPath, problems: ConfigProblems): BodySource | undefined {
  const hasValue = object.keys.includes('value')
  const src = object.get('src')
  if (hasValue === (src !== undefined)) {
    problems.error(path, `${pathText(path)} must have exactly one of value and src`)
    return undefined
  }
  if (hasValue) return { kind: 'value', value: object.get('value')! }
  if (typeof src !== 'string' || src === '') {
    problems.error(
      [...path, 'src'],
      `${pathText([...path, 'src'])} must be a location string, not ${src === '' ? 'empty' : jsonTypeName(src!)}`,
    )
    return undefined
  }
  return { kind: 'src', location: src }
}

function checkMime(value: JsonValue | undefined, path: ConfigPath, problems: ConfigProblems): string | null {
  const mime = optionalString(value, path, problems)
  if (mime === undefined || mime.trim() === '') return null
  if (/[\u0000-\u001f\u007f]/.test(mime)) {
    problems.error(path, `${pathText(path)} must not contain control characters`)
    return null
  }
  return mime.trim()
}

/** UP-BODY-4. */
function checkUploads(value: JsonValue | undefined, path: ConfigPath, problems: ConfigProblems): UploadConfig[] | null {
  if (value === undefined || value === null) return null
  if (!isArray(value)) {
    problems.error(path, `${pathText(path)} must be an array of {name, src | value}, not ${jsonTypeName(value)}`)
    return null
  }
  const uploads: UploadConfig[] = []
  value.forEach((entry, i) => {
    const at = [...path, i]
    if (!(entry instanceof JsonObject)) {
      problems.error(at, `${pathText(at)} must be an object {name, src | value}, not ${jsonTypeName(entry)}`)
      return
    }
    const name = entry.get('name')
    if (typeof name !== 'string' || name === '') {
      problems.error([...at, 'name'], `${pathText([...at, 'name'])} must be a non-empty string`)
      return
    }
    const source = checkSource(entry, at, problems)
    const filename = optionalString(entry.get('filename'), [...at, 'filename'], problems) ?? null
    if (filename !== null && /[\r\n\0"]/.test(filename))
      problems.error([...at, 'filename'], `${pathText([...at, 'filename'])} must not contain quotes, CR, LF or NUL`)
    const mime = checkMime(entry.get('mime'), [...at, 'mime'], problems)
    if (/[\r\n\0"]/.test(name))
      problems.error([...at, 'name'], `${pathText([...at, 'name'])} must not contain quotes, CR, LF or NUL`)
    if (source !== undefined) uploads.push({ name, source, filename, mime })
  })
  return uploads
}

/** UP-CFG-8: `UTF-8` (default) or `ISO-8859-1` (`latin1`, `ISO8859-1`), case-insensitive. */
function checkEncoding(value: JsonValue | undefined, path: ConfigPath, problems: ConfigProblems): Encoding {
  const text = optionalString(value, path, problems)
  if (text === undefined || text === '') return 'utf-8'
  const lower = text.toLowerCase()
  if (lower === 'utf-8') return 'utf-8'
  if (lower === 'iso-8859-1' || lower === 'latin1' || lower === 'iso8859-1') return 'latin1'
  problems.error(path, `${pathText(path)} must be UTF-8 or ISO-8859-1, not ${JSON.stringify(text)}`)
  return 'utf-8'
}
