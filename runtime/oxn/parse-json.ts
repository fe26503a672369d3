/**
 * JSON text -> JsonValue, strictly by RFC 8259 (oxn.md OXN-13): no comments, trailing commas, single
 * quotes, NaN/Infinity or unescaped control characters; whitespace around the value and a leading
 * U+FEFF allowed; more than 512 nested arrays/objects invalid; lone surrogate escapes kept. Number
 * literals are kept as written (OXN-7); a repeated key keeps its first position and its last value
 * (OXN-12). A hand-written single-pass scanner: this runs on every JSON request body, and is kept
 * in one file (past the usual size) so the hot loop stays together. The objects of an array usually
 * have the same keys: each is matched against the keys of the one before it (parseObject).
 */
import { JsonNumber, JsonNumberLiteral, JsonObject, type JsonValue } from '../values/json-value.js'
import { jsonNumberEnd, MAX_JSON_DEPTH, numberFailure } from './json-grammar.js'
import { JsonSyntaxError } from './json-syntax-error.js'

export { MAX_JSON_DEPTH }

/** Objects with more members than this look for repeated keys through a Map instead of `indexOf`. */
const LINEAR_KEY_SEARCH_LIMIT = 16

/** Characters of a string read one by one before the rest is searched. */
const LONG_STRING = 32

function indexOrEnd(text: string, index: number): number {
  return index < 0 ? text.length : index
}

/** Parses `text` as one JSON value. Throws `JsonSyntaxError` when it is not strict JSON. */
export function parseJson(text: string): JsonValue {
  return new JsonScanner(text).parseDocument()
}

class JsonScanner {
  pos = 0
  /**
   * Where the next `\` and the next control character are, at or after where they were last looked
   * for (text.length: none); valid while that is not behind the string being read, so each part of
   * the text is searched once.
   */
  nextEscape = -1
  nextControl = -1
  /** Finds control characters (a regular expression scans faster than a loop); one per scanner. */
  readonly controlSearch = /[\u0000-\u001f]/g
  /** Whether the last string read had an escape. */
  escaped = false
  /** Whether the keys of the last object read were all free of escapes, so that they match raw text. */
  plainKeys = true

  constructor(readonly text: string) {}

  parseDocument(): JsonValue {
    if (this.text.charCodeAt(0) === 0xfeff) this.pos = 1
    const value = this.parseValue(0)
    this.skipWhitespace()
    if (this.pos < this.text.length) this.fail(`unexpected ${this.describe()} after the JSON value`)
    return value
  }

  parseValue(depth: number): JsonValue {
    this.skipWhitespace()
    const text = this.text
    const c = text.charCodeAt(this.pos)
    switch (c) {
      case 0x22 /* " */:
        return this.parseString()
      case 0x7b /* { */:
        return this.parseObject(depth + 1, null)
      case 0x5b /* [ */:
        return this.parseArray(depth + 1)
      case 0x74 /* t */:
        return this.parseLiteral('true', true)
      case 0x66 /* f */:
        return this.parseLiteral('false', false)
      case 0x6e /* n */:
        return this.parseLiteral('null', null)
      default:
        if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) return this.parseNumber()
        return this.fail(`unexpected ${this.describe()}, expected a JSON value`)
    }
  }

  /**
   * At `{`: the object. `shape` is the keys of the previous object in the same array (plain keys only,
   * see plainKeys): members whose keys follow it are matched in place, without slicing a key or
   * looking for repeats, and an object with exactly those keys shares the array (JsonObject keys are
   * never changed in place).
   */
  parseObject(depth: number, shape: readonly string[] | null): JsonObject {
    if (depth > MAX_JSON_DEPTH) this.fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`)
    const text = this.text
    this.pos++
    this.skipWhitespace()
    // `new Array`, not `[]`: see singleton() (runtime/values/item.ts) on pretenured literals
    const values = new Array<JsonValue>()
    if (text.charCodeAt(this.pos) === 0x7d /* } */) {
      this.pos++
      this.plainKeys = true
      return new JsonObject(shape !== null && shape.length === 0 ? shape : new Array<string>(), values)
    }
    // while null, the keys so far are the first values.length keys of `shape`
    let keys: string[] | null = null
    let plain = true
    let index: Map<string, number> | undefined
    for (;;) {
      if (text.charCodeAt(this.pos) !== 0x22) this.fail(`unexpected ${this.describe()}, expected a member name`)
      const count = values.length
      const expected = keys === null && shape !== null && count < shape.length ? shape[count]! : null
      let key: string
      if (expected !== null && quotedAt(text, this.pos, expected)) {
        key = expected
        this.pos += expected.length + 2
      } else {
        key = this.parseString()
        if (this.escaped) plain = false
        if (keys === null) keys = shape === null ? new Array<string>() : shape.slice(0, count)
      }
      this.skipWhitespace()
      if (text.charCodeAt(this.pos) !== 0x3a /* : */) this.fail(`unexpected ${this.describe()}, expected ':'`)
      this.pos++
      const value = this.parseValue(depth)
      if (keys === null) values.push(value)
      else {
        // OXN-12: a repeated key keeps the first position and takes the last value
        let at: number
        if (index !== undefined) at = index.get(key) ?? -1
        else if (keys.length < LINEAR_KEY_SEARCH_LIMIT) {
          at = -1
          for (let i = 0; i < keys.length; i++) {
            if (keys[i] === key) {
              at = i
              break
            }
          }
        } else {
          index = new Map()
          for (let i = 0; i < keys.length; i++) index.set(keys[i]!, i)
          at = index.get(key) ?? -1
        }
        if (at < 0) {
          index?.set(key, keys.length)
          keys.push(key)
          values.push(value)
        } else values[at] = value
      }
      this.skipWhitespace()
      const c = text.charCodeAt(this.pos)
      if (c === 0x2c /* , */) {
        this.pos++
        this.skipWhitespace()
        continue
      }
      if (c === 0x7d /* } */) {
        this.pos++
        this.plainKeys = plain
        if (keys !== null) return new JsonObject(keys, values)
        return new JsonObject(values.length === shape!.length ? shape! : shape!.slice(0, values.length), values)
      }
      this.fail(`unexpected ${this.describe()}, expected ',' or '}'`)
    }
  }

  parseArray(depth: number): JsonValue[] {
    if (depth > MAX_JSON_DEPTH) this.fail(`nesting deeper than ${MAX_JSON_DEPTH} levels`)
    const text = this.text
    this.pos++
    this.skipWhitespace()
    const items = new Array<JsonValue>()
    if (text.charCodeAt(this.pos) === 0x5d /* ] */) {
      this.pos++
      return items
    }
    // the keys of the previous object item, when they are plain: the likely keys of the next one
    let shape: readonly string[] | null = null
    for (;;) {
      this.skipWhitespace()
      if (text.charCodeAt(this.pos) === 0x7b /* { */) {
        const object = this.parseObject(depth + 1, shape)
        shape = this.plainKeys ? object.keys : null
        items.push(object)
      } else items.push(this.parseValue(depth))
      this.skipWhitespace()
      const c = text.charCodeAt(this.pos)
      if (c === 0x2c /* , */) {
        this.pos++
        continue
      }
      if (c === 0x5d /* ] */) {
        this.pos++
        return items
      }
      this.fail(`unexpected ${this.describe()}, expected ',' or ']'`)
    }
  }

  /** The index of the first control character at or after `from`, or text.length. */
  nextControlCharacter(from: number): number {
    const search = this.controlSearch
    search.lastIndex = from
    return search.test(this.text) ? search.lastIndex - 1 : this.text.length
  }

  /** At an opening quote: the decoded string; `pos` ends after the closing quote. */
  parseString(): string {
    const text = this.text
    const length = text.length
    this.escaped = false
    let start = ++this.pos
    let pos = start
    // fast path: no escapes
    for (;;) {
      if (pos >= length) {
        this.pos = pos
        this.fail('unterminated string')
      }
      // the closing quote, if it comes before any escape or control character, is found by searching:
      // from the start when both are known to lie ahead, else once the string turns out to be long
      // (each part of the text is searched for them once; pretty-printed text has a control
      // character, a newline, before nearly every string, and is not searched again for each)
      if ((pos === start && this.nextEscape >= pos && this.nextControl >= pos) || pos - start === LONG_STRING) {
        const quote = text.indexOf('"', pos)
        if (quote >= 0) {
          if (this.nextEscape < pos) this.nextEscape = indexOrEnd(text, text.indexOf('\\', pos))
          if (this.nextControl < pos) this.nextControl = this.nextControlCharacter(pos)
          if (quote < this.nextEscape && quote < this.nextControl) {
            this.pos = quote + 1
            return text.slice(start, quote)
          }
        }
      }
      const c = text.charCodeAt(pos)
      if (c === 0x22) {
        this.pos = pos + 1
        return text.slice(start, pos)
      }
      if (c === 0x5c /* \ */) break
      if (c < 0x20) {
        this.pos = pos
        this.fail(`unescaped control character U+${hex4(c).toUpperCase()} in a string`)
      }
      pos++
    }
    this.escaped = true
    let out = ''
    for (;;) {
      if (pos >= length) {
        this.pos = pos
        this.fail('unterminated string')
      }
      const c = text.charCodeAt(pos)
      if (c === 0x22) {
        this.pos = pos + 1
        return out + text.slice(start, pos)
      }
      if (c === 0x5c) {
        out += text.slice(start, pos)
        pos++
        const e = text.charCodeAt(pos)
        switch (e) {
          case 0x22:
            out += '"'
            break
          case 0x5c:
            out += '\\'
            break
          case 0x2f:
            out += '/'
            break
          case 0x62:
            out += '\b'
            break
          case 0x66:
            out += '\f'
            break
          case 0x6e:
            out += '\n'
            break
          case 0x72:
            out += '\r'
            break
          case 0x74:
            out += '\t'
            break
          case 0x75 /* u */: {
            const code = hexValue(text, pos + 1)
            if (code < 0) {
              this.pos = pos - 1
              this.fail('invalid \\u escape, expected four hex digits')
            }
            // lone surrogates are kept as they are (OXN-13)
            out += String.fromCharCode(code)
            pos += 4
            break
          }
          default:
            this.pos = pos - 1
            this.fail(pos >= length ? 'unterminated string' : `invalid escape '\\${text[pos]}'`)
        }
        start = ++pos
        continue
      }
      if (c < 0x20) {
        this.pos = pos
        this.fail(`unescaped control character U+${hex4(c).toUpperCase()} in a string`)
      }
      pos++
    }
  }

  parseNumber(): JsonNumber {
    const text = this.text
    const start = this.pos
    const end = jsonNumberEnd(text, start)
    if (end < 0) return this.failAt(-1 - end, numberFailure(text, -1 - end))
    this.pos = end
    return new JsonNumberLiteral(text.slice(start, end))
  }

  parseLiteral<T extends JsonValue>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.pos)) this.fail(`unexpected ${this.describe()}, expected a JSON value`)
    this.pos += word.length
    return value
  }

  skipWhitespace(): void {
    const text = this.text
    let pos = this.pos
    let c = text.charCodeAt(pos)
    // compact text: usually nothing to skip, and nothing to store
    if (c > 0x20) return
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++pos)
    this.pos = pos
  }

  /** The character at `pos` for a message: `'x'`, `U+0001` or `end of input`. */
  describe(): string {
    if (this.pos >= this.text.length) return 'end of input'
    const c = this.text.codePointAt(this.pos)!
    return c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff)
      ? `character U+${c.toString(16).toUpperCase().padStart(4, '0')}`
      : `character '${String.fromCodePoint(c)}'`
  }

  failAt(pos: number, reason: string): never {
    this.pos = pos
    return this.fail(pos >= this.text.length ? `${reason}, found end of input` : reason)
  }

  fail(reason: string): never {
    throw new JsonSyntaxError(reason, this.pos, this.text)
  }
}

/** Whether `key` stands in quotes at `at` (a short loop; `startsWith` measured no faster on member names). */
function quotedAt(text: string, at: number, key: string): boolean {
  const length = key.length
  for (let i = 0; i < length; i++) if (text.charCodeAt(at + 1 + i) !== key.charCodeAt(i)) return false
  return text.charCodeAt(at + 1 + length) === 0x22
}

/** The value of the four hex digits at `at`, or -1. */
function hexValue(text: string, at: number): number {
  let value = 0
  for (let i = at; i < at + 4; i++) {
    const c = text.charCodeAt(i)
    let digit: number
    if (c >= 0x30 && c <= 0x39) digit = c - 0x30
    else if (c >= 0x61 && c <= 0x66) digit = c - 0x57
    else if (c >= 0x41 && c <= 0x46) digit = c - 0x37
    else return -1
    value = value * 16 + digit
  }
  return value
}

function hex4(c: number): string {
  return c.toString(16).padStart(4, '0')
}
