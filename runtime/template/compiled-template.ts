/**
 * What generated code holds for a template (templates.md T-SRC-2): a frozen `CompiledTemplate` whose
 * `run` function writes the output through a `TemplateRun`, literal text pieces prepared once at module
 * load (`templateText`, with the facts the comma rule T-COM-3 needs), and `??` chains (`coalesce`,
 * T-EXPR-2) of compiled expressions. Nothing here is parsed at request time.
 */
import type { Item } from '../values/item.js'
import type { TemplateSite } from './template-pieces.js'
import type { TemplateRun } from './template-run.js'

export * from './template-pieces.js'

/** The body of a compiled template: writes its output for the context item `focus` (T-CTX). */
export type TemplateFunction = (t: TemplateRun, focus: Item) => void

export interface CompiledTemplate extends TemplateSite {
  readonly run: TemplateFunction
  /** The compiler proved that every output is valid JSON or empty (T-CHK-1): it need not be decoded to be stored. */
  readonly alwaysJson: boolean
}

/** A compiled template (generated code: `const TEMPLATE_1 = defineTemplate({ at, action }, (t, focus) => { … })`). */
export function defineTemplate(site: TemplateSite & { readonly alwaysJson?: boolean }, run: TemplateFunction): CompiledTemplate {
  return Object.freeze({ at: site.at, action: site.action, run, alwaysJson: site.alwaysJson === true })
}
