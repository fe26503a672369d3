/**
 * Implementations of the implemented extension functions (registry.ts), by name. Every function takes
 * its arguments as values (the first item of each, or the whole sequence for `any` parameters) and
 * returns a value. A registry entry marked `implemented` without an entry here fails the tests.
 */
import type { Value } from '../value.js'
import { xpConcat } from './concat.js'
import { xpContains } from './contains.js'
import { xpEndsWith } from './ends-with.js'
import { xpLowerCase } from './lower-case.js'
import { xpLocalName, xpName, xpNamespaceUri } from './node-name.js'
import { xpNormalizeSpace } from './normalize-space.js'
import { xpNumber } from './number.js'
import { xpCeiling, xpFloor, xpRound } from './round.js'
import { xpStartsWith } from './starts-with.js'
import { xpString } from './string.js'
import { xpStringLength } from './string-length.js'
import { xpSubstring } from './substring.js'
import { xpSubstringAfter } from './substring-after.js'
import { xpSubstringBefore } from './substring-before.js'
import { xpSum } from './sum.js'
import { xpTranslate } from './translate.js'
import { xpTrim } from './trim.js'
import { xpUpperCase } from './upper-case.js'

export type FunctionImplementation = (...args: Value[]) => Value

export const FUNCTION_IMPLEMENTATIONS: ReadonlyMap<string, FunctionImplementation> = new Map<string, FunctionImplementation>([
  ['string', xpString],
  ['number', xpNumber],
  ['concat', xpConcat],
  ['contains', xpContains],
  ['starts-with', xpStartsWith],
  ['ends-with', xpEndsWith],
  ['substring', xpSubstring as FunctionImplementation],
  ['substring-before', xpSubstringBefore],
  ['substring-after', xpSubstringAfter],
  ['string-length', xpStringLength],
  ['normalize-space', xpNormalizeSpace],
  ['translate', xpTranslate],
  ['upper-case', xpUpperCase],
  ['lower-case', xpLowerCase],
  ['round', xpRound],
  ['floor', xpFloor],
  ['ceiling', xpCeiling],
  ['name', xpName],
  ['local-name', xpLocalName],
  ['namespace-uri', xpNamespaceUri],
  ['sum', xpSum],
  ['tolower', xpLowerCase],
  ['toupper', xpUpperCase],
  ['trim', xpTrim],
])

export {
  xpConcat,
  xpContains,
  xpEndsWith,
  xpLowerCase,
  xpLocalName,
  xpName,
  xpNamespaceUri,
  xpNormalizeSpace,
  xpNumber,
  xpCeiling,
  xpFloor,
  xpRound,
  xpStartsWith,
  xpString,
  xpStringLength,
  xpSubstring,
  xpSubstringAfter,
  xpSubstringBefore,
  xpSum,
  xpTranslate,
  xpTrim,
  xpUpperCase,
}
