/**
 * The regular-expression dialect of `matches`, `replace` and `split` (xpath-functions.md RE-1..RE-5):
 * ECMAScript patterns compiled with the Unicode flag, or without it when they are only valid that way
 * (RE-1); flags `i`, `m`, `s`, `x` (RE-2; `x` is applied here by dropping unescaped whitespace and
 * `#` comments outside character classes); a leading inline flag group `(?imsx)` (RE-3); `\A`, `\z`,
 * `\Z` and `(?P<name>…)` translated, possessive quantifiers, atomic groups and inline flag groups
 * elsewhere refused (RE-4). Used at run time and by the compile check XC-4.
 */

import { cachesOf, type FunctionCall } from './call.js'

export type RegexCompilation =
  { readonly ok: true; readonly regex: RegExp } | { readonly ok: false; readonly reason: string }

const FLAG_LETTERS = 'imsx'
const LEADING_FLAGS = /^\(\?([imsx]+)\)/

/** RE-2: the reason `flags` are invalid, or undefined when they are valid. */
export function checkRegexFlags(flags: string): string | undefined {
  for (const flag of flags) {
    if (!FLAG_LETTERS.includes(flag)) return `invalid flag "${flag}"; expected i, m, s or x`
  }
  return undefined
}

/**
 * Compiles `pattern` with `flags` (RE-2; pass '' where only inline flags are allowed) and the
 * JavaScript-only flags `extra` (`g`, `y`).
 */
export function compileRegex(pattern: string, flags: string, extra = ''): RegexCompilation {
  const flagProblem = checkRegexFlags(flags)
  if (flagProblem !== undefined) return { ok: false, reason: flagProblem }
  let all = flags
  const leading = LEADING_FLAGS.exec(pattern)
  if (leading) {
    all += leading[1]
    pattern = pattern.slice(leading[0].length)
  }
  const translated = translate(pattern, all.includes('x'))
  if (typeof translated !== 'string') return { ok: false, reason: translated.reason }
  const jsFlags = ['i', 'm', 's'].filter((f) => all.includes(f)).join('') + extra
  try {
    return { ok: true, regex: new RegExp(translated, jsFlags + 'u') }
  } catch (unicodeError) {
    try {
      return { ok: true, regex: new RegExp(translated, jsFlags) }
    } catch {
      return { ok: false, reason: describeSyntaxError(unicodeError) }
    }
  }
}

/**
 * `compileRegex` cached per gateway. Global and sticky expressions are shared between calls, which is
 * safe because every user resets `lastIndex` before matching (String replace does, `split` does).
 */
export function regexFor(call: FunctionCall, pattern: string, flags: string, extra = ''): RegexCompilation {
  return cachesOf(call).regexes.get(`${pattern}\0${flags}\0${extra}`, () =>
    compileRegex(pattern, flags, extra),
  ) as RegexCompilation
}

const KNOWN_REASONS: Readonly<Record<string, string>> = {
  'unterminated group': 'missing ")"',
  'unterminated character class': 'missing "]"',
  "unmatched ')'": 'unmatched ")"',
}

function describeSyntaxError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const reason = message.slice(message.lastIndexOf(': ') + 2).trim()
  const lower = reason.charAt(0).toLowerCase() + reason.slice(1)
  return KNOWN_REASONS[lower] ?? lower
}

const TRANSLATED_ESCAPES: Readonly<Record<string, string>> = {
  A: '(?<![\\s\\S])',
  z: '(?![\\s\\S])',
  Z: '(?=\\n?(?![\\s\\S]))',
}

/** RE-2 `x`, RE-3 (no inline flags past the start), RE-4; the JavaScript source or the reason it is refused. */
function translate(pattern: string, extended: boolean): string | { reason: string } {
  let out = ''
  let inClass = false
  // after a quantifier a `+` would make it possessive (RE-4); after a lazy `?` it is a plain error
  let afterQuantifier: boolean = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (inClass) {
      if (c === '\\' && i + 1 < pattern.length) {
        out += c + pattern[++i]
      } else {
        if (c === ']') inClass = false
        out += c
      }
      continue
    }
    if (extended && /\s/.test(c)) continue
    if (extended && c === '#') {
      while (i + 1 < pattern.length && pattern[i + 1] !== '\n') i++
      continue
    }
    const quantifierBefore: boolean = afterQuantifier
    afterQuantifier = false
    switch (c) {
      case '\\': {
        const next = pattern[i + 1]
        if (next === undefined) {
          out += c
          break
        }
        i++
        if (TRANSLATED_ESCAPES[next] !== undefined) out += TRANSLATED_ESCAPES[next]
        // an escaped space or `#` in extended mode is the character itself
        else if (extended && (/\s/.test(next) || next === '#')) out += next === ' ' || next === '#' ? next : '\\' + next
        else out += c + next
        break
      }
      case '[':
        inClass = true
        out += c
        break
      case '(': {
        if (pattern[i + 1] !== '?') {
          out += c
          break
        }
        const rest = pattern.slice(i + 2)
        if (rest.startsWith('P<')) {
          out += '(?<'
          i += 3
        } else if (rest.startsWith('>')) return { reason: 'atomic groups are not supported' }
        else if (/^[imsx-]+[):]/.test(rest))
          return { reason: 'inline flags are only allowed at the start of the pattern' }
        else {
          out += '(?'
          i++
        }
        break
      }
      case '*':
      case '+':
      case '?':
        if (quantifierBefore === true && c === '+') return { reason: 'possessive quantifiers are not supported' }
        out += c
        // `x+?` is lazy: the `?` ends the quantifier
        afterQuantifier = !(quantifierBefore && c === '?')
        break
      case '{': {
        const bound = /^\{\d+(,\d*)?\}/.exec(pattern.slice(i))
        if (bound) {
          out += bound[0]
          i += bound[0].length - 1
          afterQuantifier = true
        } else out += c
        break
      }
      default:
        out += c
    }
  }
  return out
}
