/**
 * Registers the gateway's functions with fontoxpath, once, when this module loads (pure and
 * idempotent: a second load of the module finds them registered). Extension functions live in
 * `urn:svc-gateway:functions` and are reached through the function-name resolver (xpath-functions.md
 * XP-NAME-1..3, FN-0-1; dependencies.md 2(b)): every arity of every implemented function, with
 * `item()?` parameters (the rewrite passes the first item) or `array(*)` for `any` parameters (the
 * rewrite passes `array{E}`). Implementations receive the evaluation's call context (the engine's
 * `currentContext`, FN-0-3) and are looked up when called, so function modules may use the engine.
 * Also the rewrite's helpers: JavaScript (`svcx:`) and XQuery (`svcq:`).
 */
import fx from 'fontoxpath'

import { EMPTY, type Sequence } from '../../values/item.js'
import { MAX_CONCAT_ARITY } from '../ast/rewrite.js'
import { FUNCTION_IMPLEMENTATIONS, type FunctionCall } from '../functions/index.js'
import { GATEWAY_NS, INTERNAL_NS } from '../namespaces.js'
import { EXTENSION_FUNCTIONS, type ExtensionFunction, paramKind } from '../registry.js'
import { toSequence, type Value } from '../value.js'
import { arithmeticOperandValue, compareMembers, COMPARISON_HELPERS, divide } from './internal-functions.js'
import { INTERNAL_MODULE } from './internal-module.js'
import { fromEngine, fromEngineSequence, toEngineItem } from './values.js'

/** Registered arities of a variadic function (longer calls are nested by the rewrite). */
function maxRegisteredArity(spec: ExtensionFunction): number {
  return Number.isFinite(spec.max) ? spec.max : (spec.engineArity ?? Math.max(spec.min, MAX_CONCAT_ARITY))
}

function engineArgument(value: unknown, any: boolean): Value {
  if (any) {
    const items = (value as readonly unknown[]).map(fromEngineSequence)
    return items.flat()
  }
  return fromEngine(value) ?? EMPTY
}

/** An implementation's value as the engine result for `resultType`. */
function engineResult(value: Value, resultType: string): unknown {
  const sequence: Sequence = toSequence(value)
  if (/[*+]$/.test(resultType)) return sequence.map(toEngineItem)
  return sequence.length === 0 ? null : toEngineItem(sequence[0]!)
}

function callOf(dynamic: { currentContext: unknown }, name: string): FunctionCall {
  const call = dynamic.currentContext as FunctionCall | undefined
  if (call === undefined || call === null || call.ctx === undefined)
    throw new Error(`internal error: ${name}() evaluated without a call context`)
  return call
}

function registerExtensionFunctions(): void {
  for (const [name, spec] of EXTENSION_FUNCTIONS) {
    if (spec.status !== 'implemented') continue
    for (let arity = spec.min; arity <= maxRegisteredArity(spec); arity++) {
      const kinds = Array.from({ length: arity }, (_, i) => paramKind(spec, i))
      fx.registerCustomXPathFunction(
        { namespaceURI: GATEWAY_NS, localName: name },
        kinds.map((kind) => (kind === 'any' ? 'array(*)' : 'item()?')),
        spec.result,
        (dynamic, ...args: unknown[]) => {
          const implementation = FUNCTION_IMPLEMENTATIONS.get(name)
          if (implementation === undefined) throw new Error(`internal error: no implementation of ${name}()`)
          const values = args.map((arg, i) => engineArgument(arg, kinds[i] === 'any'))
          return engineResult(implementation(callOf(dynamic, name), ...values), spec.result)
        },
      )
    }
  }
}

function registerInternalHelpers(): void {
  for (const [name, op] of COMPARISON_HELPERS) {
    fx.registerCustomXPathFunction(
      { namespaceURI: INTERNAL_NS, localName: name },
      ['array(*)', 'array(*)'],
      'xs:boolean',
      (_dynamic, a: unknown[], b: unknown[]) => compareMembers(op, a, b),
    )
  }
  fx.registerCustomXPathFunction(
    { namespaceURI: INTERNAL_NS, localName: 'num' },
    ['item()?'],
    'item()?',
    (_dynamic, item: unknown) => arithmeticOperandValue(item),
  )
  fx.registerCustomXPathFunction(
    { namespaceURI: INTERNAL_NS, localName: 'div' },
    ['item()?', 'item()?'],
    'xs:double?',
    (_dynamic, a: unknown, b: unknown) => divide(a, b),
  )
  fx.registerXQueryModule(INTERNAL_MODULE)
}

function isRegistered(): boolean {
  return fx.evaluateXPathToBoolean('exists(function-lookup(QName($ns, "num"), 1))', null, null, { ns: INTERNAL_NS })
}

if (!isRegistered()) {
  registerInternalHelpers()
  registerExtensionFunctions()
}
