/**
 * The safe builder for generated code. User text reaches generated code only as a literal made by
 * `lit()` or as an identifier checked by `identifier()`; `js` accepts nothing else, so a raw string
 * cannot be pasted into code by accident. Only this module constructs Code (its constructor needs a
 * key this module keeps); the rare raw text the emitter writes itself goes through `unsafeCode()`,
 * which review can find by name.
 */

/** The key Code's constructor asks for: not exported, so no other module can construct Code. */
const MADE_IN_CODE_TS: unique symbol = Symbol('made in code.ts')

export class Code {
  /** Nominal typing: a plain `{ text }` object is not a Code. */
  declare private readonly nominal: never
  constructor(
    key: typeof MADE_IN_CODE_TS,
    readonly text: string,
  ) {
    if (key !== MADE_IN_CODE_TS) throw new Error('internal error: Code is made by compiler/emit/code.ts only')
  }
  toString(): string {
    return this.text
  }
}

/** An identifier, checked by `identifier()`. */
export class Name extends Code {}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** `text` as an identifier; an internal error when it is not one (names are the emitter's, never user text). */
export function identifier(text: string): Name {
  if (!IDENTIFIER.test(text)) throw new Error(`internal error: ${JSON.stringify(text)} is not an identifier`)
  return new Name(MADE_IN_CODE_TS, text)
}

/** Code the emitter wrote as text itself (never user text): the one way around the builder. */
export function unsafeCode(text: string): Code {
  return new Code(MADE_IN_CODE_TS, text)
}

/** `import <clause> from '<module>'`; the module specifier is the emitter's (a path it made, a package name). */
export function importCode(clause: Code, module: string): Code {
  if (/['\\\n\r\u2028\u2029]/.test(module))
    throw new Error(`internal error: module specifier ${JSON.stringify(module)}`)
  return new Code(MADE_IN_CODE_TS, `import ${clause.text} from '${module}'`)
}

export type JsonLiteral =
  string | number | boolean | null | readonly JsonLiteral[] | { readonly [key: string]: JsonLiteral }

/** A JavaScript literal for a JSON-like value; U+2028/9 escaped so the text is safe everywhere. */
export function lit(value: JsonLiteral | undefined): Code {
  if (value === undefined) return new Code(MADE_IN_CODE_TS, 'undefined')
  return new Code(
    MADE_IN_CODE_TS,
    JSON.stringify(value)
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  )
}

type Part = Code | number | boolean

/** Template tag joining code fragments: js`${ctx}.vars.set(${lit(name)}, ${value})`. */
export function js(parts: TemplateStringsArray, ...args: Part[]): Code {
  let text = parts[0]!
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    text += (typeof arg === 'object' ? arg.text : String(arg)) + parts[i + 1]!
  }
  return new Code(MADE_IN_CODE_TS, text)
}

/** Joins code fragments with a separator. */
export function joinCode(items: readonly Code[], separator: string): Code {
  return new Code(MADE_IN_CODE_TS, items.map((item) => item.text).join(separator))
}

/** A line comment; newlines and U+2028/9 (which end a `//` comment early) are dropped, long text cut. */
export function comment(text: string, max = 160): Code {
  const flat = text.replace(/[\r\n\u2028\u2029]+/g, ' ')
  return new Code(MADE_IN_CODE_TS, `// ${flat.length > max ? flat.slice(0, max - 3) + '...' : flat}`)
}

/** Indents every line of a block by two spaces per level. */
export function indent(code: Code, levels = 1): Code {
  const pad = '  '.repeat(levels)
  const lines = code.text.split('\n').map((line) => (line === '' ? line : pad + line))
  return new Code(MADE_IN_CODE_TS, lines.join('\n'))
}
