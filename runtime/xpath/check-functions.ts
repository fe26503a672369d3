/**
 * Static checks of the functions an expression calls (xpath-functions.md XC-2, XC-3, XC-10,
 * XP-NAME-1..3, XP-STR-2, FN-0-4): unknown names, names the engine lacks (`fn:json-doc() is not
 * available; use json-doc() (gateway version)`), wrong numbers of arguments, extension functions of a
 * later issue (`… is not implemented yet`) and "optional, later" ones (`… is not supported yet`).
 * Calls, named function references (`f#2`) and arrow calls (`$x => f()`) are checked. Pure: the
 * compiler turns the problems into diagnostics (adding suggestions), the runtime can check keys.
 */
import { childTagged, walkXqx, type XqxNode } from './ast/xqx-node.js'
import {
  GATEWAY_NS,
  GATEWAY_PREFIX,
  INTERNAL_MODULE_NS,
  INTERNAL_MODULE_PREFIX,
  INTERNAL_NS,
  INTERNAL_PREFIX,
} from './namespaces.js'
import { acceptsArity, EXTENSION_FUNCTIONS, type ExtensionFunction } from './registry.js'
import {
  LIBRARY_FUNCTION_NAMES,
  LIBRARY_NAMESPACES,
  STANDARD_FUNCTION_NAMES,
  standardFunctionArities,
  standardFunctionExists,
} from './standard-functions.js'

export interface FunctionProblem {
  readonly code: 'xpath/unknown-function' | 'xpath/wrong-arity' | 'xpath/not-implemented' | 'xpath/not-supported'
  readonly message: string
  /** For unknown names: the name as written and the names a suggestion may name. */
  readonly unknown?: { readonly name: string; readonly candidates: readonly string[] }
}

interface Call {
  readonly prefix: string | undefined
  readonly uri: string | undefined
  readonly local: string
  readonly arity: number
}

/** The problems of every function call in `ast`, in document order, each name and arity once. */
export function checkFunctionCalls(ast: XqxNode): FunctionProblem[] {
  const problems: FunctionProblem[] = []
  const seen = new Set<string>()
  walkXqx(ast, (node) => {
    const call = callOf(node)
    if (call === undefined) return
    const key = `${call.prefix ?? ''}\0${call.uri ?? ''}\0${call.local}\0${call.arity}`
    if (seen.has(key)) return
    seen.add(key)
    const problem = checkCall(call)
    if (problem) problems.push(problem)
  })
  return problems
}

function callOf(node: XqxNode): Call | undefined {
  let name: XqxNode | undefined
  let arity: number
  switch (node.tag) {
    case 'functionCallExpr':
      name = childTagged(node, 'functionName')
      arity = childTagged(node, 'arguments')?.children.length ?? 0
      break
    case 'namedFunctionRef':
      name = childTagged(node, 'functionName')
      arity = Number(childTagged(childTagged(node, 'integerConstantExpr') ?? node, 'value')?.text ?? '0')
      break
    case 'arrowExpr':
      name = childTagged(node, 'EQName')
      arity = (childTagged(node, 'arguments')?.children.length ?? 0) + 1
      break
    default:
      return undefined
  }
  if (name === undefined) return undefined
  const prefix = name.attrs['prefix']
  return { prefix: prefix, uri: prefix === undefined ? name.attrs['URI'] : undefined, local: name.text ?? '', arity }
}

function checkCall(call: Call): FunctionProblem | undefined {
  const { prefix, uri, local, arity } = call
  if (prefix === '') return checkGatewayOrStandard(local, arity)
  const namespace = prefix !== undefined ? namespaceOfPrefix(prefix) : uri
  const display = prefix !== undefined ? `${prefix}:${local}` : `Q{${uri}}${local}`
  if (namespace === GATEWAY_NS) {
    const spec = EXTENSION_FUNCTIONS.get(local)
    // messages name gateway functions without prefix (`array(` is rewritten to `svc:array(` before parsing)
    if (spec) return checkGateway(spec, local, local, arity)
    return unknown(display, gatewayCandidates(GATEWAY_PREFIX))
  }
  if (namespace === INTERNAL_NS || namespace === INTERNAL_MODULE_NS) return unknown(display, [])
  if (namespace === undefined || ![...LIBRARY_NAMESPACES.values()].includes(namespace)) return undefined // resolved at run time (XP-NS-2)
  if (standardFunctionExists(namespace, local, arity)) return undefined
  const arities = standardFunctionArities(namespace, local)
  if (arities.length > 0) return wrongArity(display, arities, Infinity, arity)
  if (prefix === 'fn' && EXTENSION_FUNCTIONS.has(local)) {
    return {
      code: 'xpath/unknown-function',
      message: `${display}() is not available; use ${local}() (gateway version)`,
    }
  }
  const candidates = prefix === 'fn' ? STANDARD_FUNCTION_NAMES.map((n) => `fn:${n}`) : LIBRARY_FUNCTION_NAMES
  return unknown(display, candidates)
}

function namespaceOfPrefix(prefix: string): string | undefined {
  if (prefix === GATEWAY_PREFIX) return GATEWAY_NS
  if (prefix === INTERNAL_PREFIX) return INTERNAL_NS
  if (prefix === INTERNAL_MODULE_PREFIX) return INTERNAL_MODULE_NS
  return LIBRARY_NAMESPACES.get(prefix)
}

/** XP-NAME-1: the gateway's function first, then the standard one. */
function checkGatewayOrStandard(local: string, arity: number): FunctionProblem | undefined {
  const spec = EXTENSION_FUNCTIONS.get(local)
  const fn = LIBRARY_NAMESPACES.get('fn')!
  if (spec && acceptsArity(spec, arity)) return checkGateway(spec, local, local, arity)
  if (standardFunctionExists(fn, local, arity)) return undefined
  const arities = standardFunctionArities(fn, local)
  if (spec) {
    const all = new Set([...arities])
    for (let a = spec.min; a <= Math.min(spec.max, spec.min + 8); a++) all.add(a)
    return wrongArity(local, [...all], Number.isFinite(spec.max) ? Infinity : spec.min, arity)
  }
  if (arities.length > 0) return wrongArity(local, arities, Infinity, arity)
  return unknown(local, [...gatewayCandidates(''), ...STANDARD_FUNCTION_NAMES])
}

function checkGateway(
  spec: ExtensionFunction,
  display: string,
  local: string,
  arity: number,
): FunctionProblem | undefined {
  if (!acceptsArity(spec, arity)) {
    const arities: number[] = []
    for (let a = spec.min; a <= Math.min(spec.max, spec.min + 8); a++) arities.push(a)
    return wrongArity(display, arities, Number.isFinite(spec.max) ? Infinity : spec.min, arity)
  }
  if (spec.status === 'not-implemented')
    return { code: 'xpath/not-implemented', message: `${display}() is not implemented yet` }
  if (spec.status === 'not-supported')
    return { code: 'xpath/not-supported', message: `${local}() is not supported yet` }
  return undefined
}

function gatewayCandidates(prefix: string): string[] {
  return [...EXTENSION_FUNCTIONS.keys()].map((name) => (prefix ? `${prefix}:${name}` : name))
}

function unknown(display: string, candidates: readonly string[]): FunctionProblem {
  return {
    code: 'xpath/unknown-function',
    message: `unknown function ${display}()`,
    unknown: { name: display, candidates: [...new Set(candidates)] },
  }
}

/** XC-3: `json-parse() takes 1 argument, got 2`; `variadicFrom` is the minimum of a variadic function. */
function wrongArity(display: string, arities: readonly number[], variadicFrom: number, got: number): FunctionProblem {
  return {
    code: 'xpath/wrong-arity',
    message: `${display}() takes ${describeArities(arities, variadicFrom)}, got ${got}`,
  }
}

export function describeArities(arities: readonly number[], variadicFrom = Infinity): string {
  if (Number.isFinite(variadicFrom)) return `at least ${variadicFrom} argument${variadicFrom === 1 ? '' : 's'}`
  const sorted = [...new Set(arities)].sort((a, b) => a - b)
  if (sorted.length === 1)
    return sorted[0] === 0 ? 'no arguments' : `${sorted[0]} argument${sorted[0] === 1 ? '' : 's'}`
  const contiguous = sorted.every((a, i) => i === 0 || a === sorted[i - 1]! + 1)
  if (contiguous && sorted.length > 2) return `${sorted[0]} to ${sorted[sorted.length - 1]} arguments`
  return `${sorted.slice(0, -1).join(', ')} or ${sorted[sorted.length - 1]} arguments`
}
