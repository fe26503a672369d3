/**
 * Strict JSON text read in place, without building values (issue 22): skimming a value checks it by
 * the grammar of parse-json.ts (oxn.md OXN-13: RFC 8259, no unescaped control characters, at most 512
 * nested arrays/objects, a leading U+FEFF allowed) and moves past it. A failed check only answers
 * false: the caller then decodes the text the usual way, which reports or handles it. Templates whose
 * loops only copy members of array items read upstream answers this way (runtime/template/json-loop.ts).
 */
import { jsonNumberEnd, MAX_JSON_DEPTH } from './json-grammar.js'

export class JsonTextReader {
  pos = 0
  /**
   * Whether the last string skimmed holds no escape and no surrogate, so that its text as written,
   * quotes included, is exactly its JSON output (templates.md T-ESC-1, oxn.md OXN-R5).
   */
  plainString = true
  /**
   * Where the next `\\` and the next control character or surrogate are (text.length: none); each
   * valid while not behind the reader. Two searches, because one class holding `\\` as well measured
   * 2.5 times slower than the one range of control characters (a surrogate range costs nothing in
   * text without characters beyond U+00FF) plus indexOf for `\\`.
   */
  #backslash = -1
  #controlOrSurrogate = -1
  readonly #controlOrSurrogateSearch = /[\u0000-\u001f\ud800-\udfff]/g

  constructor(readonly text: string) {}

  /** At the start of the text: past a leading U+FEFF and whitespace (OXN-13). */
  skipDocumentStart(): void {
    if (this.text.charCodeAt(0) === 0xfeff) this.pos = 1
    this.skipWhitespace()
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

  /** The character code at `pos` (NaN at the end). */
  peek(): number {
    return this.text.charCodeAt(this.pos)
  }

  /** At a value (after whitespace): checks it and moves past it. `depth` counts the containers around it. */
  skimValue(depth: number): boolean {
    switch (this.text.charCodeAt(this.pos)) {
      case 0x22 /* " */:
        return this.skimString()
      case 0x7b /* { */:
        return this.skimObject(depth + 1)
      case 0x5b /* [ */:
        return this.skimArray(depth + 1)
      case 0x74 /* t */:
        return this.skimWord('true')
      case 0x66 /* f */:
        return this.skimWord('false')
      case 0x6e /* n */:
        return this.skimWord('null')
      default:
        return this.skimNumber()
    }
  }

  /** At `"`: checks the string and moves past its closing quote; sets `plainString`. */
  skimString(): boolean {
    const quote = this.plainStringEnd(this.pos + 1)
    if (quote >= 0) {
      this.pos = quote + 1
      this.plainString = true
      return true
    }
    return this.#skimStringByCharacter()
  }

  /**
   * For a string whose characters start at `start` (after its opening quote): where its closing quote
   * is when it holds no escape, control character or surrogate, else -1 (skimString then reads it
   * character by character). Does not move the reader.
   */
  plainStringEnd(start: number): number {
    // most strings are plain: then one search finds the end
    const quote = this.text.indexOf('"', start)
    if (this.#backslash < start) this.#backslash = this.#nextBackslash(start)
    if (this.#controlOrSurrogate < start) this.#controlOrSurrogate = this.#nextControlOrSurrogate(start)
    return quote >= 0 && quote < this.#backslash && quote < this.#controlOrSurrogate ? quote : -1
  }

  #nextBackslash(start: number): number {
    const at = this.text.indexOf('\\', start)
    return at < 0 ? this.text.length : at
  }

  /** One native search covers each part of the text once: much faster than a loop. */
  #nextControlOrSurrogate(start: number): number {
    const search = this.#controlOrSurrogateSearch
    search.lastIndex = start
    return search.test(this.text) ? search.lastIndex - 1 : this.text.length
  }

  /** skimString's path for a string that holds an escape, control character or surrogate. */
  #skimStringByCharacter(): boolean {
    const text = this.text
    let pos = this.pos + 1
    let plain = true
    for (;;) {
      const c = text.charCodeAt(pos)
      if (c === 0x22) break
      if (c === 0x5c /* \ */) {
        plain = false
        const e = text.charCodeAt(pos + 1)
        if (e === 0x75 /* u */) {
          if (!(
            isHex(text.charCodeAt(pos + 2)) &&
            isHex(text.charCodeAt(pos + 3)) &&
            isHex(text.charCodeAt(pos + 4)) &&
            isHex(text.charCodeAt(pos + 5))
          ))
            return false
          pos += 6
          continue
        }
        if (!isShortEscape(e)) return false
        pos += 2
        continue
      }
      // also NaN (the end of the text: unterminated)
      if (!(c >= 0x20)) return false
      if (c >= 0xd800 && c <= 0xdfff) plain = false
      pos++
    }
    this.pos = pos + 1
    this.plainString = plain
    return true
  }

  /** At `{` of an object nested `depth` deep: checks it and moves past its `}`. */
  skimObject(depth: number): boolean {
    if (depth > MAX_JSON_DEPTH) return false
    this.pos++
    this.skipWhitespace()
    if (this.peek() === 0x7d /* } */) {
      this.pos++
      return true
    }
    for (;;) {
      if (this.peek() !== 0x22 || !this.skimString()) return false
      this.skipWhitespace()
      if (this.peek() !== 0x3a /* : */) return false
      this.pos++
      this.skipWhitespace()
      if (!this.skimValue(depth)) return false
      this.skipWhitespace()
      const c = this.text.charCodeAt(this.pos++)
      if (c === 0x7d) return true
      if (c !== 0x2c /* , */) return false
      this.skipWhitespace()
    }
  }

  /** At `[` of an array nested `depth` deep: checks it and moves past its `]`. */
  skimArray(depth: number): boolean {
    if (depth > MAX_JSON_DEPTH) return false
    this.pos++
    this.skipWhitespace()
    if (this.peek() === 0x5d /* ] */) {
      this.pos++
      return true
    }
    for (;;) {
      if (!this.skimValue(depth)) return false
      this.skipWhitespace()
      const c = this.text.charCodeAt(this.pos++)
      if (c === 0x5d) return true
      if (c !== 0x2c) return false
      this.skipWhitespace()
    }
  }

  skimNumber(): boolean {
    const end = jsonNumberEnd(this.text, this.pos)
    if (end < 0) return false
    this.pos = end
    return true
  }

  skimWord(word: string): boolean {
    if (!this.text.startsWith(word, this.pos)) return false
    this.pos += word.length
    return true
  }
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
}

/** `\"` `\\` `\/` `\b` `\f` `\n` `\r` `\t` */
function isShortEscape(c: number): boolean {
  return c === 0x22 || c === 0x5c || c === 0x2f || c === 0x62 || c === 0x66 || c === 0x6e || c === 0x72 || c === 0x74
}
