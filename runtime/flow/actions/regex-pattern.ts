/**
 * Delimited regular expressions of the `regex` action (actions.md ACT-regex-1, ACT-regex-2; also the
 * syntax of `assert`'s `pattern` flag): `/…/imsxu` with any delimiter that is not alphanumeric, a
 * backslash or white space (`(`, `[`, `{`, `<` close with their partner), Perl-compatible syntax
 * translated to a JavaScript RegExp: `(?P<n>…)` and `(?P=n)` become named groups and references,
 * `x` drops unescaped white space and `#` comments, an escaped non-alphanumeric character is that
 * character, POSIX classes such as `[[:alpha:]]` are spelled out. Constructs without a JavaScript
 * equivalent are refused: possessive quantifiers, atomic groups, recursion, conditionals, inline
 * modifiers, `\A`, `\z`, `\Z`, `\G`, `\K`, `\Q…\E` and the modifiers `U`, `D`, `A`. Used by the
 * compiler, so a pattern that does not translate or compile is a CE.
 */

export type PatternParse =
  | { readonly ok: true; readonly source: string; readonly flags: string }
  | { readonly ok: false; readonly reason: string }

const CLOSING: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '<': '>' }
const MODIFIERS = 'imsxu'
const NO_EQUIVALENT_MODIFIERS = 'UDA'
/** Characters that stay escaped in a JavaScript pattern (everything else escaped is itself). */
const JS_SYNTAX = '^$\\.*+?()[]{}|/-'
const NO_EQUIVALENT_ESCAPES: Readonly<Record<string, string>> = {
  A: '\\A',
  z: '\\z',
  Z: '\\Z',
  G: '\\G',
  K: '\\K',
  Q: '\\Q…\\E quoting',
}
const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\s',
  blank: ' \\t',
  xdigit: '0-9A-Fa-f',
  word: '\\w',
  punct: '!-\\/:-@\\[-`{-~',
  cntrl: '\\x00-\\x1f\\x7f',
  print: '\\x20-\\x7e',
  graph: '\\x21-\\x7e',
}

const fail = (reason: string): PatternParse => ({ ok: false, reason })

/** ACT-regex-1, ACT-regex-2: the JavaScript source and flags (without `g`) of a delimited pattern. */
export function parseDelimitedPattern(text: string): PatternParse {
  const open = String.fromCodePoint(text.codePointAt(0) ?? 0)
  if (text === '') return fail('the pattern is empty')
  if (/[\p{L}\p{N}\\\s]/u.test(open))
    return fail(`invalid delimiter "${open}": it must not be alphanumeric, a backslash or white space`)
  const close = CLOSING[open] ?? open
  const end = closingDelimiter(text, open, close)
  if (end < 0) return fail(`missing closing delimiter "${close}"`)
  const modifiers = text.slice(end + 1)
  for (const modifier of modifiers) {
    if (NO_EQUIVALENT_MODIFIERS.includes(modifier)) return fail(`modifier ${modifier} has no JavaScript equivalent`)
    if (!MODIFIERS.includes(modifier)) return fail(`unknown modifier "${modifier}"; expected i, m, s, x or u`)
  }
  const translated = translate(text.slice(open.length, end), modifiers.includes('x'))
  if (typeof translated !== 'string') return fail(translated.reason)
  const unicode = modifiers.includes('u') || translated.includes('\\u{')
  const flags = ['i', 'm', 's'].filter((f) => modifiers.includes(f)).join('') + (unicode ? 'u' : '')
  try {
    new RegExp(translated, flags)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const reason = message.slice(message.lastIndexOf(': ') + 2)
    return fail(`the pattern does not compile: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`)
  }
  return { ok: true, source: translated, flags }
}

/** Index of the closing delimiter (escapes skipped; bracket delimiters nest), or -1. */
function closingDelimiter(text: string, open: string, close: string): number {
  let depth = 0
  for (let i = open.length; i < text.length; i++) {
    const c = text[i]!
    if (c === '\\') i++
    else if (c === close && depth === 0) return i
    else if (open !== close && c === open) depth++
    else if (open !== close && c === close) depth--
  }
  return -1
}

/** The JavaScript source of a PCRE pattern body, or why it has no JavaScript equivalent. */
function translate(body: string, extended: boolean): string | { reason: string } {
  let out = ''
  let inClass = false
  /** Length of `out` just after a class's `[` or `[^`: a `]` there is literal (PCRE). */
  let classStart = -1
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c === '\\') {
      const escape = translateEscape(body, i, inClass)
      if (typeof escape !== 'string') return escape
      out += escape
      i += body[i + 1] === 'x' && body[i + 2] === '{' ? body.indexOf('}', i) - i : 1
      continue
    }
    if (inClass) {
      if (c === '[' && body[i + 1] === ':') {
        const posix = /^\[:(\^?)([a-z]+):\]/.exec(body.slice(i))
        if (posix) {
          const set = POSIX_CLASSES[posix[2]!]
          if (set === undefined) return { reason: `unknown POSIX class [:${posix[2]}:]` }
          if (posix[1]) return { reason: `negated POSIX classes such as [:^${posix[2]}:] are not supported` }
          out += set
          i += posix[0].length - 1
          continue
        }
      }
      if (c === '^' && out.length === classStart) classStart++
      else if (c === ']' && out.length === classStart) {
        out += '\\]'
        continue
      } else if (c === ']') inClass = false
      out += c
      continue
    }
    if (extended && /\s/.test(c)) continue
    if (extended && c === '#') {
      while (i + 1 < body.length && body[i + 1] !== '\n') i++
      continue
    }
    if (c === '[') {
      inClass = true
      out += c
      classStart = out.length
      continue
    }
    if (c === '(' && body[i + 1] === '?') {
      const group = translateGroup(body.slice(i + 2))
      if ('reason' in group) return group
      out += group.text
      i += 1 + group.consumed
      continue
    }
    if ((c === '+' || c === '*' || c === '?' || c === '}') && body[i + 1] === '+' && isQuantifierEnd(body, i)) {
      return { reason: 'possessive quantifiers have no JavaScript equivalent' }
    }
    out += c
  }
  return out
}

/** Whether the character at `i` ends a quantifier (a `}` only when it closes `{n}`, `{n,}` or `{n,m}`). */
function isQuantifierEnd(body: string, i: number): boolean {
  if (body[i] !== '}') return true
  return /\{\d+(,\d*)?$/.test(body.slice(0, i))
}

/** `(?…` group openings; `rest` starts after `(?`. `consumed` counts the characters after `(?`. */
function translateGroup(rest: string): { text: string; consumed: number } | { reason: string } {
  const named = /^P<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest)
  if (named) return { text: `(?<${named[1]}>`, consumed: named[0].length }
  const reference = /^P=([A-Za-z_][A-Za-z0-9_]*)\)/.exec(rest)
  if (reference) return { text: `\\k<${reference[1]}>`, consumed: reference[0].length }
  if (rest.startsWith('#')) {
    const end = rest.indexOf(')')
    return end < 0 ? { reason: 'unterminated (?# comment' } : { text: '', consumed: end + 1 }
  }
  if (/^(:|=|!|<=|<!|<[A-Za-z_])/.test(rest)) return { text: '(?', consumed: 0 }
  if (rest.startsWith('>')) return { reason: 'atomic groups have no JavaScript equivalent' }
  if (rest.startsWith('(')) return { reason: 'conditional groups have no JavaScript equivalent' }
  if (rest.startsWith('|')) return { reason: 'branch reset groups have no JavaScript equivalent' }
  if (/^(R|[+-]?\d|&|P>)/.test(rest)) return { reason: 'recursion has no JavaScript equivalent' }
  if (/^[a-zA-Z^-]/.test(rest))
    return {
      reason: 'inline modifiers such as (?i) have no JavaScript equivalent; use the modifiers after the delimiter',
    }
  return { text: '(?', consumed: 0 }
}

/** A backslash escape at `i` (PCRE: an escaped non-alphanumeric character is that character). */
function translateEscape(body: string, i: number, inClass: boolean): string | { reason: string } {
  const next = body[i + 1]
  if (next === undefined) return { reason: 'the pattern ends with a backslash' }
  if (!inClass && NO_EQUIVALENT_ESCAPES[next] !== undefined)
    return { reason: `${NO_EQUIVALENT_ESCAPES[next]} has no JavaScript equivalent` }
  if (next === 'x' && body[i + 2] === '{') {
    const hex = /^\{([0-9A-Fa-f]{1,6})\}/.exec(body.slice(i + 2))
    return hex ? `\\u{${hex[1]}}` : { reason: 'invalid \\x{…} escape' }
  }
  if (/[\p{L}\p{N}]/u.test(next)) return '\\' + next
  return JS_SYNTAX.includes(next) ? '\\' + next : next
}

/** ACT-regex-3: `$n`, `${n}` and `\n` (n = 0–99) as group numbers; every other character literal. */
export function parseReplacement(text: string): (string | number)[] {
  const parts: (string | number)[] = []
  let literal = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    const match =
      c === '$'
        ? /^\$(?:\{(\d{1,2})\}|(\d{1,2}))/.exec(text.slice(i))
        : c === '\\'
          ? /^\\(\d{1,2})/.exec(text.slice(i))
          : null
    if (match === null) {
      literal += c
      continue
    }
    if (literal !== '') parts.push(literal)
    literal = ''
    parts.push(Number(match[1] ?? match[2]))
    i += match[0].length - 1
  }
  if (literal !== '') parts.push(literal)
  return parts
}
