/**
 * `<regex pattern replace in out/>` (actions.md ACT-regex-1..5): `pattern` and `replace` are static;
 * the delimited pattern is translated to a JavaScript RegExp now (a pattern that does not translate
 * or compile is a CE) and the replacement split into text and group references (ACT-regex-3). A
 * pattern that can backtrack super-linearly is a warning (issue 14; SECURITY.md).
 */
import { parseDelimitedPattern, parseReplacement } from '../../../runtime/flow/actions/regex-pattern.js'
import { checkPatternBacktracking } from '../../redos/check-pattern.js'
import { checkEmptyBody } from '../body.js'
import { attributeOf } from '../lower-context.js'
import { inputLocation, outputLocation } from './output-location.js'
import type { ActionEntry } from './types.js'

export const REGEX: ActionEntry<'regex'> = {
  name: 'regex',
  inputs: (node) => [node.input],
  lower(element, ctx, fields) {
    const patternAttribute = attributeOf(element, 'pattern')!
    const patternText = ctx.attributeValue(patternAttribute).text
    const pattern = parseDelimitedPattern(patternText)
    const patternLoc = ctx.attributeLoc(patternAttribute)
    if (!pattern.ok)
      ctx.bag.error(
        'flow/invalid-regex',
        patternLoc,
        `invalid pattern ${JSON.stringify(patternText)}: ${pattern.reason}`,
      )
    else
      checkPatternBacktracking(
        { written: patternText, source: pattern.source, flags: pattern.flags, loc: patternLoc },
        'flow/redos-pattern',
        ctx.bag,
      )
    const replacement = parseReplacement(ctx.attributeValue(attributeOf(element, 'replace')!).text)
    const input = inputLocation(element, ctx)
    const output = outputLocation(element, ctx)
    const empty = checkEmptyBody(element, ctx)
    if (!pattern.ok || input === undefined || output === undefined || !empty) return undefined
    return { kind: 'regex', ...fields, input, output, source: pattern.source, flags: `g${pattern.flags}`, replacement }
  },
}
