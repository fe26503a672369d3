/**
 * The `regex` action (actions.md ACT-regex-3..5): every non-overlapping match of the compiled pattern
 * is replaced; `$n`, `${n}` and `\n` of the replacement (parsed at compile time into group numbers)
 * insert capture group n, or nothing when the group did not participate or does not exist. The input
 * is text (runtime/flow/actions/value-text); the output is a string, written to a content location
 * with the input's media type when the input was a content value, else `text/plain`. Missing input
 * is an RW and leaves `out` unchanged.
 */
import type { FlowContext } from '../../context/flow-context.js'
import type { Location, LocationText } from '../../context/location.js'
import { Content } from '../../values/content.js'
import { readLocation } from './read-location.js'
import { valueText } from './value-text.js'
import { locationName, warnAction, type WritableLocation, writeLocation } from './write-location.js'

/** A compiled `regex` action (generated code hoists one per pattern and replacement). */
export interface RegexReplacement {
  readonly regex: RegExp
  /** Literal text and group numbers in order. */
  readonly parts: readonly (string | number)[]
}

/** Makes the hoisted constant; `flags` include `g`. */
export function regexReplacement(source: string, flags: string, parts: readonly (string | number)[]): RegexReplacement {
  return Object.freeze({ regex: new RegExp(source, flags), parts: Object.freeze([...parts]) })
}

export function regex(
  ctx: FlowContext,
  at: string,
  replacement: RegexReplacement,
  input: Location | LocationText,
  output: WritableLocation,
): void {
  const value = readLocation(ctx, input, at, 'regex')
  if (value === undefined)
    return warnAction(ctx, at, 'regex', `${locationName(input)} is missing; ${locationName(output)} is left unchanged`)
  const source = value.length === 1 && value[0] instanceof Content ? value[0] : undefined
  const result = replaceAll(valueText(value), replacement)
  if (output.kind === 'variable') return writeLocation(ctx, output, [result])
  writeLocation(ctx, output, [Content.fromText(result, source?.mediaType ?? 'text/plain')])
}

/** ACT-regex-3 on a string. */
export function replaceAll(text: string, { regex, parts }: RegexReplacement): string {
  // String.prototype.replace resets lastIndex of a global expression, so sharing it is safe
  return text.replace(regex, (...args: unknown[]) => {
    // (match, g1 … gn, offset, input[, groups]): the offset is the first number after the groups
    const groups: unknown[] = []
    for (const arg of args) {
      if (typeof arg === 'number') break
      groups.push(arg)
    }
    let out = ''
    for (const part of parts) out += typeof part === 'string' ? part : ((groups[part] as string | undefined) ?? '')
    return out
  })
}
