/**
 * JSON lines written straight into UTF-8 bytes (operations.md LG1, LG9): the access and upstream lines
 * of every request are built member by member in one growing buffer, with no string concatenated,
 * escaped, flattened or encoded on the way. Strings are escaped as `JSON.stringify` escapes them
 * (templates.md T-ESC-1, json-string.ts); numbers are written as `String()` writes them.
 */

/** An id's hex digits as bytes (see JsonLineWriter.hexId): `digits` from `digitsAt` on. */
export interface HexDigits {
  readonly digits: Buffer
  readonly digitsAt: number
}

/** Pre-encoded `,"name":` of a member: made once per member name, at module level. */
export type MemberKey = Uint8Array & { readonly memberKey: true }

export function memberKey(name: string): MemberKey {
  return Buffer.from(`,${JSON.stringify(name)}:`, 'utf8') as Uint8Array as MemberKey
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const ZERO = 0x30
const HEX = '0123456789abcdef'
/** Constants longer than this are copied by TypedArray#set rather than a loop. */
const LONG_CONSTANT = 32
const UTC_OFFSET = Buffer.from('+00:00"')
/** 10^digits for decimal(): `**` is not folded to a constant and showed in profiles. */
const POWERS_OF_TEN = [1, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
/** The two-character escapes of JSON.stringify, by character code (0: none). */
const SHORT_ESCAPE = new Uint8Array(0x60)
SHORT_ESCAPE[0x08] = 0x62 // \b
SHORT_ESCAPE[0x09] = 0x74 // \t
SHORT_ESCAPE[0x0a] = 0x6e // \n
SHORT_ESCAPE[0x0c] = 0x66 // \f
SHORT_ESCAPE[0x0d] = 0x72 // \r
SHORT_ESCAPE[QUOTE] = QUOTE
SHORT_ESCAPE[BACKSLASH] = BACKSLASH

/** Bytes of the line being written after those of earlier lines; grows as needed. */
export class JsonLineWriter {
  bytes: Buffer
  pos = 0
  /** LG9 timestamps: the text up to the seconds is encoded once per second. */
  #second = NaN
  readonly #secondText = Buffer.alloc(20)

  constructor(size = 16 * 1024) {
    this.bytes = Buffer.allocUnsafe(size)
  }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    if (this.pos + n <= this.bytes.length) return
    const grown = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.pos + n))
    this.bytes.copy(grown, 0, 0, this.pos)
    this.bytes = grown
  }

  /** Bytes as they are (member keys, fixed punctuation). */
  raw(bytes: Uint8Array): void {
    const length = bytes.length
    this.reserve(length)
    const out = this.bytes
    let pos = this.pos
    if (length > LONG_CONSTANT) {
      out.set(bytes, pos)
      this.pos = pos + length
      return
    }
    // short constants: a loop costs less than a call of TypedArray#set
    for (let i = 0; i < length; i++) out[pos++] = bytes[i]!
    this.pos = pos
  }

  /** Text as UTF-8, unescaped (a line serialized elsewhere). */
  text(text: string): void {
    this.reserve(3 * text.length)
    this.pos += this.bytes.write(text, this.pos, 'utf8')
  }

  /** `"…"`: `value` escaped by T-ESC-1. */
  string(value: string): void {
    // at most 6 bytes per UTF-16 unit (`\u00xx`, `\udxxx`), plus the quotes
    this.reserve(6 * value.length + 2)
    const out = this.bytes
    let pos = this.pos
    out[pos++] = QUOTE
    const length = value.length
    let i = 0
    // printable ASCII needs no escape: copied by a loop with one range test per character
    for (; i < length; i++) {
      const c = value.charCodeAt(i)
      if (c < 0x20 || c > 0x7e || c === QUOTE || c === BACKSLASH) break
      out[pos++] = c
    }
    for (; i < length; i++) {
      const c = value.charCodeAt(i)
      if (c < 0x80) {
        if (c >= 0x20 && c !== QUOTE && c !== BACKSLASH) out[pos++] = c
        else pos = escapeAscii(out, pos, c)
      } else if (c < 0x800) {
        out[pos++] = 0xc0 | (c >> 6)
        out[pos++] = 0x80 | (c & 0x3f)
      } else if (c < 0xd800 || c > 0xdfff) {
        pos = utf8Three(out, pos, c)
      } else {
        const next = i + 1 < length ? value.charCodeAt(i + 1) : 0
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const point = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00)
          out[pos++] = 0xf0 | (point >> 18)
          out[pos++] = 0x80 | ((point >> 12) & 0x3f)
          out[pos++] = 0x80 | ((point >> 6) & 0x3f)
          out[pos++] = 0x80 | (point & 0x3f)
          i++
        } else pos = unicodeEscape(out, pos, c) // an unpaired surrogate, as well-formed JSON.stringify writes it
      }
    }
    out[pos++] = QUOTE
    this.pos = pos
  }

  /** `"…"` of an id's hex digits (which need no escape), copied from `kept` when the id's bytes are there. */
  hexId(id: string, kept: HexDigits | null): void {
    const length = id.length
    this.reserve(length + 2)
    const out = this.bytes
    let pos = this.pos
    out[pos++] = QUOTE
    if (kept !== null) {
      // Buffer#copy: for 16 and 32 bytes, timed apart, about half of what a loop costs
      kept.digits.copy(out, pos, kept.digitsAt, kept.digitsAt + length)
      pos += length
    } else {
      for (let i = 0; i < length; i++) out[pos++] = id.charCodeAt(i)
    }
    out[pos++] = QUOTE
    this.pos = pos
  }

  /** A number as JSON writes it: non-finite ones as `null`. */
  number(value: number): void {
    if (Number.isSafeInteger(value) && value >= 0) this.#digits(value)
    else this.#ascii(Number.isFinite(value) ? String(value) : 'null')
  }

  /**
   * `units / 10^digits` as `String()` writes that number, from integers. Up to 15 digits a double
   * holds the decimal exactly, so its shortest form is the decimal itself; anything else is left to
   * String().
   */
  decimal(units: number, digits: number): void {
    const scale = POWERS_OF_TEN[digits] ?? 10 ** digits
    if (!Number.isInteger(units) || units < 0 || units >= 1e15) {
      const value = units / scale
      this.#ascii(Number.isFinite(value) ? String(value) : 'null')
      return
    }
    const whole = Math.floor(units / scale)
    let fraction = units - whole * scale
    this.#digits(whole)
    if (fraction === 0) return
    this.reserve(digits + 1)
    const out = this.bytes
    out[this.pos] = 0x2e // .
    let end = this.pos + 1 + digits
    for (let at = end - 1; at > this.pos; at--) {
      out[at] = ZERO + (fraction % 10)
      fraction = Math.floor(fraction / 10)
    }
    while (out[end - 1] === ZERO) end--
    this.pos = end
  }

  boolean(value: boolean): void {
    this.#ascii(value ? 'true' : 'false')
  }

  /** `"2025-03-14T09:26:53.589+00:00"` (LG9) of epoch milliseconds. */
  timestamp(ms: number): void {
    const second = Math.floor(ms / 1000)
    if (second !== this.#second) {
      const text = new Date(second * 1000).toISOString()
      // a year outside 0000-9999
      if (text.length !== 24) return this.#isoTimestamp(ms)
      this.#secondText.write(text.slice(0, 20), 0, 'latin1')
      this.#second = second
    }
    const millis = ms - second * 1000
    if (!Number.isInteger(millis)) return this.#isoTimestamp(ms)
    this.reserve(31)
    const out = this.bytes
    let pos = this.pos
    out[pos++] = QUOTE
    for (let i = 0; i < 20; i++) out[pos++] = this.#secondText[i]!
    out[pos++] = ZERO + Math.floor(millis / 100)
    out[pos++] = ZERO + (Math.floor(millis / 10) % 10)
    out[pos++] = ZERO + (millis % 10)
    this.pos = pos
    this.raw(UTC_OFFSET)
  }

  /** The bytes from `start` to the end, as text. */
  textFrom(start: number): string {
    return this.bytes.toString('utf8', start, this.pos)
  }

  #isoTimestamp(ms: number): void {
    this.string(new Date(ms).toISOString().replace('Z', '+00:00'))
  }

  #ascii(text: string): void {
    this.reserve(text.length)
    const out = this.bytes
    let pos = this.pos
    for (let i = 0; i < text.length; i++) out[pos++] = text.charCodeAt(i)
    this.pos = pos
  }

  /** A non-negative safe integer. */
  #digits(value: number): void {
    if (value > 0x7fffffff) return this.#ascii(String(value))
    // small integers: int32 arithmetic, no floating division
    let count = 1
    for (let bound = 10; bound <= value && count < 10; bound *= 10) count++
    this.reserve(count)
    const out = this.bytes
    const end = this.pos + count
    let rest = value | 0
    for (let at = end - 1; at >= this.pos; at--) {
      const next = (rest / 10) | 0
      out[at] = ZERO + rest - next * 10
      rest = next
    }
    this.pos = end
  }
}

/** A control character, `"` or `\` (T-ESC-1). */
function escapeAscii(out: Buffer, pos: number, c: number): number {
  const short = SHORT_ESCAPE[c]!
  if (short !== 0) {
    out[pos++] = BACKSLASH
    out[pos++] = short
    return pos
  }
  return unicodeEscape(out, pos, c)
}

/** `\uxxxx` with lower-case hex digits. */
function unicodeEscape(out: Buffer, pos: number, c: number): number {
  out[pos++] = BACKSLASH
  out[pos++] = 0x75 // u
  out[pos++] = HEX.charCodeAt(c >> 12)
  out[pos++] = HEX.charCodeAt((c >> 8) & 0xf)
  out[pos++] = HEX.charCodeAt((c >> 4) & 0xf)
  out[pos++] = HEX.charCodeAt(c & 0xf)
  return pos
}

function utf8Three(out: Buffer, pos: number, c: number): number {
  out[pos++] = 0xe0 | (c >> 12)
  out[pos++] = 0x80 | ((c >> 6) & 0x3f)
  out[pos++] = 0x80 | (c & 0x3f)
  return pos
}
