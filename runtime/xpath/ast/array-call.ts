/**
 * XP-NAME-4: `array(…)` in function-call position calls the extension function `array`, but the
 * engine's parser rejects `array(` as a reserved name. Before parsing, such calls are rewritten to
 * `svc:array(`, keeping a map from rewritten offsets back to the original text (for XC-1 positions).
 * `array(` stays a type after `instance of`, `treat as`, `cast as`, `castable as`, after `as` in an
 * inline function's signature, and inside another sequence type.
 */

export interface ArrayCallRewrite {
  readonly text: string
  /** `offsets[i]` is the offset in the original text of rewritten character i (length + 1 entries). */
  readonly offsets: readonly number[]
}

const INSERTED = 'svc:'

type Token = {
  readonly kind: 'name' | 'var' | 'punct' | 'other'
  readonly text: string
  readonly start: number
  readonly end: number
}

/** Rewrites every `array(` call; texts without one come back unchanged with the identity map. */
export function rewriteArrayCalls(text: string): ArrayCallRewrite {
  const tokens = tokenize(text)
  const inserts: number[] = []
  let i = 0
  while (i < tokens.length) {
    const token = tokens[i]!
    if (startsType(tokens, i)) {
      i = skipSequenceType(tokens, i + 1)
      continue
    }
    if (token.kind === 'name' && token.text === 'array' && tokens[i + 1]?.text === '(') inserts.push(token.start)
    i++
  }
  if (inserts.length === 0) return { text, offsets: identity(text.length) }
  let out = ''
  const offsets: number[] = []
  let from = 0
  for (const at of inserts) {
    out += text.slice(from, at)
    for (let k = from; k < at; k++) offsets.push(k)
    out += INSERTED
    for (let k = 0; k < INSERTED.length; k++) offsets.push(at)
    from = at
  }
  out += text.slice(from)
  for (let k = from; k <= text.length; k++) offsets.push(k)
  return { text: out, offsets }
}

function identity(length: number): number[] {
  const offsets = new Array<number>(length + 1)
  for (let i = 0; i <= length; i++) offsets[i] = i
  return offsets
}

/** Whether token i is a keyword after which a sequence type follows (`of`, `as`). */
function startsType(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i]!
  if (token.kind !== 'name') return false
  const previous = tokens[i - 1]
  if (previous === undefined) return false
  if (token.text === 'of') return previous.kind === 'name' && previous.text === 'instance'
  if (token.text !== 'as') return false
  if (previous.kind === 'name')
    return previous.text === 'cast' || previous.text === 'castable' || previous.text === 'treat'
  // `$param as T` and `) as T` only occur in inline function signatures
  return previous.kind === 'var' || previous.text === ')'
}

/** Skips a SequenceType starting at token i; returns the index after it. */
function skipSequenceType(tokens: readonly Token[], i: number): number {
  const token = tokens[i]
  if (token === undefined) return i
  let next: number
  if (token.text === '(') next = skipBalanced(tokens, i)
  else if (token.kind === 'name') {
    next = i + 1
    if (tokens[next]?.text === '(') {
      next = skipBalanced(tokens, next)
      // function(...) as T
      if (token.text === 'function' && tokens[next]?.kind === 'name' && tokens[next]!.text === 'as')
        return skipSequenceType(tokens, next + 1)
    }
  } else return i
  const occurrence = tokens[next]?.text
  return occurrence === '?' || occurrence === '*' || occurrence === '+' ? next + 1 : next
}

/** From an opening `(` at i to just after its matching `)`. */
function skipBalanced(tokens: readonly Token[], i: number): number {
  let depth = 0
  for (let k = i; k < tokens.length; k++) {
    const t = tokens[k]!.text
    if (t === '(') depth++
    else if (t === ')' && --depth === 0) return k + 1
  }
  return tokens.length
}

const NAME_START =
  /[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDBFF]/
const NAME_CHAR =
  /[-.0-9\u00B7\u0300-\u036F\u203F\u2040A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02FF\u0370-\u037D\u037F-\u1FFF\u200C\u200D\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD\uD800-\uDFFF]/

/**
 * A lexer good enough to find names: skips string literals, comments (nested) and whitespace; a
 * prefixed name (`svc:array`, `Q{…}array`) is one token, so only an unprefixed `array` matches.
 */
function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++
    } else if (c === '(' && text[i + 1] === ':') {
      i = skipComment(text, i)
    } else if (c === '"' || c === "'") {
      const start = i
      i++
      while (i < text.length) {
        if (text[i] === c) {
          if (text[i + 1] === c) i += 2
          else break
        } else i++
      }
      i++
      tokens.push({ kind: 'other', text: text.slice(start, i), start, end: i })
    } else if (c === 'Q' && text[i + 1] === '{') {
      const start = i
      const close = text.indexOf('}', i)
      i = close < 0 ? text.length : close + 1
      while (i < text.length && NAME_CHAR.test(text[i]!)) i++
      tokens.push({ kind: 'other', text: text.slice(start, i), start, end: i })
    } else if (c === '$') {
      const start = i
      i++
      while (i < text.length && (NAME_CHAR.test(text[i]!) || text[i] === ':')) i++
      tokens.push({ kind: 'var', text: text.slice(start, i), start, end: i })
    } else if (NAME_START.test(c)) {
      const start = i
      i++
      while (i < text.length && NAME_CHAR.test(text[i]!)) i++
      // a prefixed name or `prefix:*` is one token (never `array` alone)
      if (
        text[i] === ':' &&
        text[i + 1] !== ':' &&
        i + 1 < text.length &&
        (NAME_START.test(text[i + 1]!) || text[i + 1] === '*')
      ) {
        i += 2
        while (i < text.length && NAME_CHAR.test(text[i]!)) i++
        tokens.push({ kind: 'other', text: text.slice(start, i), start, end: i })
      } else tokens.push({ kind: 'name', text: text.slice(start, i), start, end: i })
    } else if (c >= '0' && c <= '9') {
      const start = i
      while (i < text.length && /[0-9.eE]/.test(text[i]!)) i++
      tokens.push({ kind: 'other', text: text.slice(start, i), start, end: i })
    } else {
      tokens.push({ kind: 'punct', text: c, start: i, end: i + 1 })
      i++
    }
  }
  return tokens
}

function skipComment(text: string, i: number): number {
  let depth = 0
  while (i < text.length) {
    if (text[i] === '(' && text[i + 1] === ':') {
      depth++
      i += 2
    } else if (text[i] === ':' && text[i + 1] === ')') {
      depth--
      i += 2
      if (depth === 0) return i
    } else i++
  }
  return i
}
