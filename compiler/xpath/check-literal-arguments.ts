/**
 * Checks of literal arguments of extension functions (xpath-functions.md section 11): XC-4 (CE) an
 * invalid literal regular expression or flag string of `matches`, `replace`, `split`; XC-5 (CE) an
 * unknown literal codec (`apply-codecs`), signature algorithm (`calc-signature`, `verify-signature`)
 * or JWT algorithm (`jwt-encode`, `jwt-decode`); XC-6 (CW) a literal file of `json-doc`, `lookup`,
 * `svc-document` or `file-exists` that names a site file that does not exist (only when the site is
 * known); XC-8 (CW) a literal argument of `json-parse` or `json-to-xml` that is not valid JSON; XC-9
 * (CE) a literal `sort()` key that is not a valid expression. A literal pattern of `matches`,
 * `replace`, `split`, `tokenize` or `fn:replace` that can backtrack super-linearly is a warning, with
 * the pattern that runs (issue 14; SECURITY.md). Each problem is reported at its literal
 * (the first place the literal is written), or at the expression when it cannot be found. The rules
 * themselves are the runtime's, so compile time and run time agree.
 */
import { parseLocation } from '../../runtime/context/location.js'
import { JsonSyntaxError } from '../../runtime/oxn/json-syntax-error.js'
import { parseJson } from '../../runtime/oxn/parse-json.js'
import { childTagged, walkXqx, type XqxNode } from '../../runtime/xpath/ast/xqx-node.js'
import { codecNamed, unknownCodecMessage } from '../../runtime/xpath/functions/codecs.js'
import {
  isJwtRestriction,
  JWT_ALGORITHMS,
  unknownJwtAlgorithmMessage,
} from '../../runtime/xpath/functions/jwt-algorithms.js'
import { checkRegexFlags, compileRegex } from '../../runtime/xpath/functions/regex.js'
import {
  SIGNATURE_ALGORITHMS,
  unknownSignatureAlgorithmMessage,
} from '../../runtime/xpath/functions/signature-algorithms.js'
import { compileSortKey } from '../../runtime/xpath/functions/sort-key.js'
import { resolvesToGateway } from '../../runtime/xpath/registry.js'
import type { AreaCode } from '../diagnostics/codes.js'
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { type Loc, subLoc, type SubSource } from '../diagnostics/source.js'
import { backtrackingProblem } from '../redos/check-pattern.js'

/** What a site probe finds at a site-relative path. */
export type SiteEntry = 'file' | 'directory' | null

/** The site of the expression for XC-6: the flow file's site-relative directory and a probe. */
export interface ExpressionSite {
  /** Site-relative directory of the file holding the expression ('' for the site root). */
  readonly dir: string
  readonly probe: (sitePath: string) => SiteEntry
}

interface Problem {
  readonly severity: 'error' | 'warning' | 'note'
  readonly code: AreaCode<'xpath'>
  readonly message: string
}

interface Call {
  readonly name: string
  /** A standard function (namespace `fn`) rather than a gateway function. */
  readonly standard: boolean
  /** Literal string arguments by position (undefined for other arguments). */
  readonly literals: readonly (string | undefined)[]
}

type ArgumentCheck = (literal: string, call: Call, site: ExpressionSite | undefined) => Problem | undefined

const error = (code: AreaCode<'xpath'>, message: string): Problem => ({ severity: 'error', code, message })
const warning = (code: AreaCode<'xpath'>, message: string): Problem => ({ severity: 'warning', code, message })

/** XC-4: a pattern, with the call's literal flags when they are valid. */
function patternCheck(flagsAt: number | undefined): ArgumentCheck {
  return (pattern, call) => {
    const flags = flagsAt === undefined ? '' : (call.literals[flagsAt] ?? '')
    if (checkRegexFlags(flags) !== undefined) return undefined // reported at the flags
    const compiled = compileRegex(pattern, flags)
    if (!compiled.ok) return error('xpath/invalid-regex', `invalid regular expression "${pattern}": ${compiled.reason}`)
    return backtracking(pattern, compiled.regex)
  }
}

function backtracking(pattern: string, regex: RegExp): Problem | undefined {
  const problem = backtrackingProblem(pattern, regex.source, regex.flags)
  return problem && { ...problem, code: 'xpath/redos-pattern' }
}

/** A pattern of fontoxpath's `fn:tokenize` and `fn:replace`: a JavaScript pattern as written (no flags). */
const standardPatternCheck: ArgumentCheck = (pattern) => {
  let regex: RegExp
  try {
    regex = new RegExp(pattern)
  } catch {
    return undefined // an error at run time (FORX0002), not a pattern that runs
  }
  return backtracking(pattern, regex)
}

const flagsCheck: ArgumentCheck = (flags) => {
  const problem = checkRegexFlags(flags)
  return problem === undefined
    ? undefined
    : error('xpath/invalid-regex', `invalid regular expression flags "${flags}": ${problem}`)
}

const codecCheck: ArgumentCheck = (name) =>
  codecNamed(name) ? undefined : error('xpath/unknown-codec', unknownCodecMessage(name))

const signatureAlgorithmCheck: ArgumentCheck = (name) =>
  SIGNATURE_ALGORITHMS.has(name.toLowerCase())
    ? undefined
    : error('xpath/unknown-algorithm', unknownSignatureAlgorithmMessage(name))

const jwtAlgorithmCheck: ArgumentCheck = (name) =>
  JWT_ALGORITHMS.has(name) ? undefined : error('xpath/unknown-algorithm', unknownJwtAlgorithmMessage(name))

const jwtRestrictionCheck: ArgumentCheck = (name) =>
  isJwtRestriction(name) ? undefined : error('xpath/unknown-algorithm', unknownJwtAlgorithmMessage(name, true))

const jsonCheck: ArgumentCheck = (text, call) => {
  try {
    parseJson(text)
    return undefined
  } catch (problem) {
    if (!(problem instanceof JsonSyntaxError)) throw problem
    return warning('xpath/invalid-json', `${call.name}(): argument is not valid JSON`)
  }
}

const sortKeyCheck: ArgumentCheck = (key) => {
  const compiled = compileSortKey(key)
  return compiled.ok
    ? undefined
    : error('xpath/invalid-sort-key', `sort(): invalid key expression "${key}": ${compiled.reason}`)
}

/** XC-6 for LOC-1 locations (`json-doc`, `lookup`) or `svc://` URLs only (`svc-document`, `file-exists`). */
function fileCheck(svcOnly: boolean): ArgumentCheck {
  return (text, call, site) => {
    if (site === undefined) return undefined
    if (svcOnly && !text.startsWith('svc://site/')) return undefined
    const parsed = parseLocation(text, site.dir)
    if (!parsed.ok) {
      return parsed.reason.startsWith('path leaves')
        ? warning('xpath/file-not-found', `${call.name}(): file ${text} is outside the site root`)
        : undefined
    }
    if (parsed.location.kind !== 'file') return undefined
    const found = site.probe(parsed.location.path)
    const wantsDirectory = call.name === 'file-exists' && text.endsWith('/')
    if (found === 'file' && !wantsDirectory) return undefined
    if (found === 'directory' && (call.name === 'file-exists' || wantsDirectory)) return undefined
    const what = wantsDirectory ? `directory ${parsed.location.path}/` : `file ${parsed.location.path}`
    return warning('xpath/file-not-found', `${call.name}(): ${what} not found`)
  }
}

/** The checks of each function, by argument position (`-1`: every argument from the second on). */
const CHECKS: ReadonlyMap<string, readonly (readonly [number, ArgumentCheck])[]> = new Map([
  [
    'matches',
    [
      [1, patternCheck(2)],
      [2, flagsCheck],
    ] as const,
  ],
  [
    'replace',
    [
      [1, patternCheck(3)],
      [3, flagsCheck],
    ] as const,
  ],
  ['split', [[1, patternCheck(undefined)]] as const],
  ['apply-codecs', [[-1, codecCheck]] as const],
  ['calc-signature', [[3, signatureAlgorithmCheck]] as const],
  ['verify-signature', [[3, signatureAlgorithmCheck]] as const],
  ['jwt-encode', [[3, jwtAlgorithmCheck]] as const],
  ['jwt-decode', [[2, jwtRestrictionCheck]] as const],
  ['json-doc', [[0, fileCheck(false)]] as const],
  ['lookup', [[0, fileCheck(false)]] as const],
  ['svc-document', [[0, fileCheck(true)]] as const],
  ['file-exists', [[0, fileCheck(true)]] as const],
  ['json-parse', [[0, jsonCheck]] as const],
  ['json-to-xml', [[0, jsonCheck]] as const],
  ['sort', [[1, sortKeyCheck]] as const],
])

/** The checks of standard functions (namespace `fn`) by name and arity. */
const STANDARD_CHECKS: ReadonlyMap<string, readonly (readonly [number, ArgumentCheck])[]> = new Map([
  ['tokenize#2', [[1, standardPatternCheck]] as const],
  ['replace#3', [[1, standardPatternCheck]] as const],
])

function literalOf(node: XqxNode): string | undefined {
  return node.tag === 'stringConstantExpr' ? (childTagged(node, 'value')?.text ?? '') : undefined
}

/** Calls of gateway and standard functions (plain and arrow calls) with their literal arguments. */
function functionCalls(ast: XqxNode): Call[] {
  const calls: Call[] = []
  walkXqx(ast, (node) => {
    let nameNode: XqxNode | undefined
    let args: readonly XqxNode[]
    if (node.tag === 'functionCallExpr') {
      nameNode = childTagged(node, 'functionName')
      args = childTagged(node, 'arguments')?.children ?? []
    } else if (node.tag === 'arrowExpr') {
      nameNode = childTagged(node, 'EQName')
      const first = childTagged(node, 'argExpr')?.children[0]
      args = [...(first ? [first] : []), ...(childTagged(node, 'arguments')?.children ?? [])]
    } else return
    // `Q{uri}name` has no prefix attribute: it is not checked here
    const prefix = nameNode?.attrs['prefix']
    if (nameNode === undefined || prefix === undefined) return
    const name = nameNode.text ?? ''
    const gateway = prefix === 'svc' || (prefix === '' && resolvesToGateway(name, args.length))
    if (gateway || prefix === '' || prefix === 'fn')
      calls.push({ name, standard: !gateway, literals: args.map(literalOf) })
  })
  return calls
}

/** Where a literal is written in the expression (its opening quote), else the expression's start. */
function literalLoc(sub: SubSource, literal: string, fallback: Loc): Loc {
  for (const quote of ["'", '"']) {
    const written = quote + literal.split(quote).join(quote + quote) + quote
    const at = sub.text.indexOf(written)
    if (at >= 0) return subLoc(sub, at, at + written.length)
  }
  return fallback
}

/** Reports the problems of every literal argument; returns whether there was no error. */
export function checkLiteralArguments(
  ast: XqxNode,
  sub: SubSource,
  loc: Loc,
  bag: DiagnosticBag,
  site?: ExpressionSite,
): boolean {
  let ok = true
  for (const call of functionCalls(ast)) {
    const checks = call.standard ? STANDARD_CHECKS.get(`${call.name}#${call.literals.length}`) : CHECKS.get(call.name)
    for (const [position, check] of checks ?? []) {
      const positions = position === -1 ? call.literals.map((_, i) => i).slice(1) : [position]
      for (const at of positions) {
        const literal = call.literals[at]
        if (literal === undefined) continue
        const problem = check(literal, call, site)
        if (problem === undefined) continue
        const where = literalLoc(sub, literal, loc)
        if (problem.severity === 'error') {
          ok = false
          bag.error(problem.code, where, problem.message)
        } else if (problem.severity === 'warning') bag.warning(problem.code, where, problem.message)
        else bag.note(problem.code, where, problem.message)
      }
    }
  }
  return ok
}
