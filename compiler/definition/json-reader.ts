/**
 * Strict JSON (RFC 8259, no comments, no trailing commas) into the positioned tree: definition.md
 * D6 (a `.json` definition or referenced file), D8 (duplicate keys at the second occurrence) and CC1
 * (syntax errors at their position). `JSON.parse` has no positions, hence this small parser.
 */
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { type Loc, locAt, type SourceFile } from '../diagnostics/source.js'
import type { DocNode, MapEntry } from './doc-node.js'

class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message)
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

/** Parses `file` as strict JSON; undefined after a syntax error (already reported). */
export function readJson(file: SourceFile, bag: DiagnosticBag): DocNode | undefined {
  const parser = new JsonParser(file, bag)
  try {
    parser.skipSpace()
    if (parser.pos >= file.text.length)
      return { kind: 'scalar', loc: locAt(file, 0), value: null, text: '', plain: true }
    const root = parser.value()
    parser.skipSpace()
    if (parser.pos < file.text.length)
      throw new JsonSyntaxError(parser.pos, `unexpected ${describe(file.text, parser.pos)} after the JSON value`)
    return root
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error
    bag.error('definition/syntax', locAt(file, error.offset), error.message)
    return undefined
  }
}

function describe(text: string, pos: number): string {
  if (pos >= text.length) return 'end of input'
  const ch = String.fromCodePoint(text.codePointAt(pos)!)
  return `character ${JSON.stringify(ch)}`
}

class JsonParser {
  pos = 0
  readonly text: string

  constructor(
    readonly file: SourceFile,
    readonly bag: DiagnosticBag,
  ) {
    this.text = file.text
  }

  skipSpace(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos)
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break
      this.pos++
    }
  }

  #loc(offset: number): Loc {
    return locAt(this.file, offset)
  }

  #expect(ch: string, what: string): void {
    this.skipSpace()
    if (this.text[this.pos] !== ch)
      throw new JsonSyntaxError(this.pos, `expected ${what}, found ${describe(this.text, this.pos)}`)
    this.pos++
  }

  value(): DocNode {
    this.skipSpace()
    const start = this.pos
    const ch = this.text[start]
    if (ch === '{') return this.#object()
    if (ch === '[') return this.#array()
    if (ch === '"') {
      const text = this.#string()
      return { kind: 'scalar', loc: this.#loc(start), value: text, text, plain: false }
    }
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, start)) {
        this.pos += word.length
        return { kind: 'scalar', loc: this.#loc(start), value, text: word, plain: true }
      }
    }
    NUMBER.lastIndex = start
    const match = NUMBER.exec(this.text)
    if (match !== null && match[0] !== '-') {
      this.pos += match[0].length
      return { kind: 'scalar', loc: this.#loc(start), value: Number(match[0]), text: match[0], plain: true }
    }
    throw new JsonSyntaxError(start, `unexpected ${describe(this.text, start)}`)
  }

  #object(): DocNode {
    const start = this.pos++
    const entries: MapEntry[] = []
    const seen = new Set<string>()
    this.skipSpace()
    if (this.text[this.pos] === '}') {
      this.pos++
      return { kind: 'map', loc: this.#loc(start), entries }
    }
    for (;;) {
      this.skipSpace()
      const keyStart = this.pos
      if (this.text[keyStart] !== '"')
        throw new JsonSyntaxError(keyStart, `expected a string key, found ${describe(this.text, keyStart)}`)
      const key = this.#string()
      this.#expect(':', '":"')
      const value = this.value()
      if (seen.has(key))
        this.bag.error('definition/duplicate-key', this.#loc(keyStart), `duplicate key ${JSON.stringify(key)}`)
      else {
        seen.add(key)
        entries.push({ key, keyLoc: this.#loc(keyStart), value })
      }
      this.skipSpace()
      const next = this.text[this.pos]
      if (next === ',') {
        this.pos++
        continue
      }
      if (next === '}') {
        this.pos++
        return { kind: 'map', loc: this.#loc(start), entries }
      }
      throw new JsonSyntaxError(this.pos, `expected "," or "}", found ${describe(this.text, this.pos)}`)
    }
  }

  #array(): DocNode {
    const start = this.pos++
    const items: DocNode[] = []
    this.skipSpace()
    if (this.text[this.pos] === ']') {
      this.pos++
      return { kind: 'seq', loc: this.#loc(start), items }
    }
    for (;;) {
      items.push(this.value())
      this.skipSpace()
      const next = this.text[this.pos]
      if (next === ',') {
        this.pos++
        continue
      }
      if (next === ']') {
        this.pos++
        return { kind: 'seq', loc: this.#loc(start), items }
      }
      throw new JsonSyntaxError(this.pos, `expected "," or "]", found ${describe(this.text, this.pos)}`)
    }
  }

  #string(): string {
    this.pos++ // opening quote
    let out = ''
    for (;;) {
      if (this.pos >= this.text.length) throw new JsonSyntaxError(this.pos, 'unterminated string')
      const c = this.text.charCodeAt(this.pos)
      if (c === 0x22) {
        this.pos++
        return out
      }
      if (c < 0x20) throw new JsonSyntaxError(this.pos, 'control character in string')
      if (c !== 0x5c) {
        out += this.text[this.pos++]
        continue
      }
      const escape = this.text[this.pos + 1]
      if (escape === 'u') {
        const hex = this.text.slice(this.pos + 2, this.pos + 6)
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JsonSyntaxError(this.pos, 'invalid \\u escape')
        out += String.fromCharCode(parseInt(hex, 16))
        this.pos += 6
        continue
      }
      const decoded = escape === undefined ? undefined : ESCAPES[escape]
      if (decoded === undefined) throw new JsonSyntaxError(this.pos, 'invalid escape in string')
      out += decoded
      this.pos += 2
    }
  }
}
