/**
 * What generated code holds for a template (templates.md T-SRC-2): a frozen `CompiledTemplate` whose
 * `run` function writes the output through a `TemplateRun`, literal text pieces prepared once at module
 * load (`templateText`, with the facts the comma rule T-COM-3 needs), and `??` chains (`coalesce`,
 * T-EXPR-2) of compiled expressions. Nothing here is parsed at request time.
 */
import type { TemplateSite } from './template-pieces.js'
import type { TemplateFocus, TemplateRun } from './template-run.js'

export * from './template-pieces.js'

/** The body of a compiled template: writes its output for the context item `focus` (T-CTX). */
export type TemplateFunction = (t: TemplateRun, focus: TemplateFocus) => void

export interface CompiledTemplate extends TemplateSite {
  readonly run: TemplateFunction
  /** The compiler proved that every output is valid JSON or empty (T-CHK-1): it need not be decoded to be stored. */
  readonly alwaysJson: boolean
  /**
   * The compiler found that the template only loops over child paths of its input and copies child
   * paths of the items: over JSON content not yet decoded it first runs over the text in place (json-loop.ts).
   */
  readonly inPlace: boolean
}

/** What the compiler says of a template besides its site (`defineTemplate`'s first argument). */
export interface TemplateFacts extends TemplateSite {
  readonly alwaysJson?: boolean
  readonly inPlace?: boolean
}

/** A compiled template (generated code: `const TEMPLATE_1 = defineTemplate({ at, action }, (t, focus) => { … })`). */
export function defineTemplate(facts: TemplateFacts, run: TemplateFunction): CompiledTemplate {
  return Object.freeze({
    at: facts.at,
    action: facts.action,
    run,
    alwaysJson: facts.alwaysJson === true,
    inPlace: facts.inPlace === true,
  })
}
