/**
 * The engine tier (xpath-functions.md section 12): evaluates a rewritten expression text with
 * fontoxpath over the OXN facade, every referenced variable supplied (unset ones as the empty
 * sequence, XP-VAR-3), the focus as context item, and returns the results as Items.
 */
import fx from 'fontoxpath'

import { OXN_DOM_FACADE } from '../../oxn/index.js'
import type { Item, Sequence } from '../../values/item.js'
import { INTERNAL_MODULE_PREFIX } from '../namespaces.js'
import { MODULE_IMPORTS } from './internal-module.js'
import { resolveFunctionName } from './resolve-name.js'
import { fromEngineResults, toEngine, toEngineItem } from './values.js'

const BASE_OPTIONS = Object.freeze({
  language: fx.evaluateXPath.XPATH_3_1_LANGUAGE,
  functionNameResolver: resolveFunctionName,
})

const WITH_MODULE = Object.freeze({ ...BASE_OPTIONS, moduleImports: MODULE_IMPORTS })

/** Evaluates `text`; `variable(name)` gives each referenced variable's value. */
export function evaluateEngineText(
  text: string,
  variables: readonly string[],
  variable: (name: string) => Sequence,
  focus: Item,
  currentContext: unknown,
): Item[] {
  const values: Record<string, unknown> = {}
  for (const name of variables) values[name] = toEngine(variable(name))
  const options = text.includes(`${INTERNAL_MODULE_PREFIX}:`) ? WITH_MODULE : BASE_OPTIONS
  const results = fx.evaluateXPath(
    text,
    toEngineItem(focus),
    OXN_DOM_FACADE,
    values,
    fx.evaluateXPath.ALL_RESULTS_TYPE,
    {
      ...options,
      currentContext,
    },
  ) as unknown[]
  return fromEngineResults(results)
}
