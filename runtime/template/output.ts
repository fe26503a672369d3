/**
 * Running a compiled template and reading its output (templates.md T-WS-2, T-CHK-1..T-CHK-7; actions.md
 * ACT-COMMON-3): the JSON text, the output decoded as JSON (OXN-12, OXN-13), the typed value a variable
 * receives (T-CHK-3), and the parsed value an action reads its configuration from (invalid output is
 * then the action's RF).
 */
import type { FlowContext } from '../context/flow-context.js'
import { flowExecutionError } from '../errors/raised-error.js'
import { JsonSyntaxError, mediaKindOf, oxnRoot, parseJson, trimXmlWhitespace } from '../oxn/index.js'
import { Content } from '../values/content.js'
import { EMPTY, type Sequence, singleton } from '../values/item.js'
import { JsonNumber, JsonObject, type JsonValue } from '../values/json-value.js'
import type { CompiledTemplate } from './compiled-template.js'
import { initialFocus } from './context-item.js'
import { JsonTextFocus, NOT_READ_IN_PLACE } from './json-loop.js'
import { TemplateRun } from './template-run.js'

/**
 * The output text of `template` run on `input` (T-CTX-1; undefined: the main content, ACT-COMMON-3),
 * leading and trailing whitespace removed (T-WS-2). XPath failures are the action's RF (T-RUN-2).
 */
export function renderTemplate(ctx: FlowContext, template: CompiledTemplate, input?: Sequence): string {
  const source = input === undefined ? ctx.contents.main : input
  if (template.inPlace) {
    const text = renderInPlace(ctx, template, source)
    if (text !== undefined) return text
  }
  const run = new TemplateRun(ctx, template)
  template.run(run, initialFocus(source))
  return trimXmlWhitespace(run.out)
}

/**
 * The output of a template run over its input's JSON text in place (json-loop.ts), when the input is
 * JSON content not decoded yet; undefined when it is not, or when the run was handed back.
 */
function renderInPlace(ctx: FlowContext, template: CompiledTemplate, source: Sequence | undefined): string | undefined {
  const content = source?.[0]
  if (!(content instanceof Content) || content.decoded !== undefined || mediaKindOf(content.essence) !== 'json')
    return undefined
  const run = new TemplateRun(ctx, template)
  try {
    template.run(run, new JsonTextFocus(content.text))
  } catch (thrown) {
    if (thrown === NOT_READ_IN_PLACE) return undefined
    throw thrown
  }
  return trimXmlWhitespace(run.out)
}

/** Template output read as JSON (T-CHK-1, T-CHK-6). */
export type TemplateOutput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'json'; readonly value: JsonValue }
  | { readonly kind: 'invalid'; readonly error: JsonSyntaxError }

/** Decodes output text: empty text is not decoded (T-CHK-6); otherwise strict JSON (OXN-12, OXN-13). */
export function parseTemplateOutput(text: string): TemplateOutput {
  if (text === '') return EMPTY_OUTPUT
  try {
    return { kind: 'json', value: parseJson(text) }
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { kind: 'invalid', error }
    throw error
  }
}

const EMPTY_OUTPUT: TemplateOutput = Object.freeze({ kind: 'empty' })

/** `output is not valid JSON: <reason> at <line>:<column>` (T-CHK-4). */
export function invalidOutputMessage(error: JsonSyntaxError): string {
  return `output is not valid JSON: ${error.reason} at ${error.line}:${error.column}`
}

/** T-CHK-3: the typed value of a decoded output (objects and arrays as their OXN root element). */
export function typedValue(value: JsonValue): Sequence {
  if (value === null) return EMPTY
  if (value instanceof JsonNumber) return [value.value]
  if (typeof value === 'string' || typeof value === 'boolean') return [value]
  return singleton(oxnRoot(value))
}

/**
 * The value a variable receives (T-CHK-3): typed when the output is valid JSON, the empty sequence
 * when it is empty (T-CHK-6), the text as a string when it is not valid JSON (T-CHK-4; not reported here).
 */
export function templateResult(ctx: FlowContext, template: CompiledTemplate, input?: Sequence): Sequence {
  const text = renderTemplate(ctx, template, input)
  const output = parseTemplateOutput(text)
  switch (output.kind) {
    case 'empty':
      return EMPTY
    case 'json':
      return typedValue(output.value)
    case 'invalid':
      return [text]
  }
}

/**
 * The output parsed, for actions that read their configuration from a template (T-CHK-7). Empty or
 * invalid output is an RF of the action: `<at>: <action>: output is not valid JSON: …`.
 */
export function templateJson(ctx: FlowContext, template: CompiledTemplate, input?: Sequence): JsonValue {
  return outputJson(ctx, template, renderTemplate(ctx, template, input))
}

/** `templateJson` for output already rendered. */
export function outputJson(ctx: FlowContext, template: CompiledTemplate, text: string): JsonValue {
  const output = parseTemplateOutput(text)
  switch (output.kind) {
    case 'json':
      return output.value
    case 'empty':
      throw flowExecutionError(template.at, template.action, 'output is empty; expected JSON', ctx.requestId)
    case 'invalid':
      throw flowExecutionError(template.at, template.action, invalidOutputMessage(output.error), ctx.requestId)
  }
}

/** The JSON type name of a value, for shape messages (`expected an object, got an array`). */
export function jsonValueKind(value: JsonValue): string {
  if (value === null) return 'null'
  if (value instanceof JsonObject) return 'an object'
  if (value instanceof JsonNumber) return 'a number'
  if (typeof value === 'string') return 'a string'
  if (typeof value === 'boolean') return 'a boolean'
  return 'an array'
}
