/**
 * The safe builder for generated code. User text reaches generated code only as a literal made by
 * `lit()` or as an identifier made by names.ts; `js` accepts nothing else, so a raw string cannot be
 * pasted into code by accident.
 */

export class Code {
  /** Nominal typing: a plain `{ text }` object is not a Code. */
  declare private readonly nominal: never
  constructor(readonly text: string) {}
  toString(): string {
    return this.text
  }
}

/** An identifier. Only names.ts and the emit context create these. */
export class Name extends Code {}

export type JsonLiteral = string | number | boolean | null | readonly JsonLiteral[] | { readonly [key: string]: JsonLiteral }

/** A JavaScript literal for a JSON-like value; U+2028/9 escaped so the text is safe everywhere. */
export function lit(value: JsonLiteral | undefined): Code {
  if (value === undefined) return new Code('undefined')
  return new Code(JSON.stringify(value).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029'))
}

type Part = Code | number | boolean

/** Template tag joining code fragments: js`${ctx}.vars.set(${lit(name)}, ${value})`. */
export function js(parts: TemplateStringsArray, ...args: Part[]): Code {
  let text = parts[0]!
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    text += (typeof arg === 'object' ? arg.text : String(arg)) + parts[i + 1]!
  }
  return new Code(text)
}

/** Joins code fragments with a separator. */
export function joinCode(items: readonly Code[], separator: string): Code {
  return new Code(items.map((item) => item.text).join(separator))
}

/** A line comment; newlines and U+2028/9 (which end a `//` comment early) are dropped, long text cut. */
export function comment(text: string, max = 160): Code {
  const flat = text.replace(/[\r\n\u2028\u2029]+/g, ' ')
  return new Code(`// ${flat.length > max ? flat.slice(0, max - 3) + '...' : flat}`)
}

/** Indents every line of a block by two spaces per level. */
export function indent(code: Code, levels = 1): Code {
  const pad = '  '.repeat(levels)
  return new Code(
    code.text
      .split('\n')
      .map((line) => (line === '' ? line : pad + line))
      .join('\n'),
  )
}
