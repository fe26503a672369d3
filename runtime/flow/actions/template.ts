/**
 * The `template` action (actions.md ACT-template-2..4, templates.md T-CHK-1..T-CHK-6, T-RUN-3): runs the
 * template on the value of `in` (null: no input; a missing location or a dynamic `""`: no input,
 * T-CTX-1), then stores the output at `out`. Valid JSON: a variable gets the typed value (T-CHK-3), a
 * content location the text as `application/json` (T-CHK-2). Empty output: the empty sequence or an
 * empty `application/json` body (T-CHK-6). Invalid JSON: the text as a string or `text/plain` content,
 * and with `check` an alert (topic `template`, operations.md LG6); never an error (T-RUN-4).
 */
import type { FlowContext } from '../../context/flow-context.js'
import type { Location, LocationText } from '../../context/location.js'
import { writeAlert } from '../../log/alert.js'
import { oxnDocument } from '../../oxn/index.js'
import type { CompiledTemplate } from '../../template/compiled-template.js'
import { invalidOutputMessage, parseTemplateOutput, renderTemplate, typedValue } from '../../template/output.js'
import { Content } from '../../values/content.js'
import { EMPTY, type Sequence, singleton } from '../../values/item.js'
import { JsonObject } from '../../values/json-value.js'
import { readLocation } from './read-location.js'

/** Where a template's output may go (ACT-template `out`): a variable or a content location. */
export type TemplateOutputLocation = Extract<Location, { kind: 'variable' | 'main-content' | 'upstream-content' }>

/** Runs the action; nothing is stored when the template fails (T-RUN-3). */
export function template(
  ctx: FlowContext,
  template: CompiledTemplate,
  input: Location | LocationText | null,
  output: TemplateOutputLocation,
  check = true,
): void {
  const text = renderTemplate(ctx, template, inputValue(ctx, template, input))
  if (output.kind !== 'variable' && template.alwaysJson) {
    // proven JSON (or empty) at compile time: stored as it is, decoded only if something reads it
    storeContent(ctx, output, Content.fromText(text, 'application/json'))
    return
  }
  const decoded = parseTemplateOutput(text)
  if (decoded.kind === 'invalid' && check) {
    const message = invalidOutputMessage(decoded.error)
    const alert = JsonObject.fromEntries([
      ['message', message],
      ['info', [`${template.at}: template: ${message}`]],
    ])
    writeAlert(ctx.gateway.logger, ctx.requestId, 'template', alert, false, ctx.trace)
  }
  if (output.kind === 'variable') {
    ctx.vars.set(
      output.name,
      decoded.kind === 'json' ? typedValue(decoded.value) : decoded.kind === 'empty' ? EMPTY : [text],
    )
    return
  }
  const content = Content.fromText(text, decoded.kind === 'invalid' ? 'text/plain' : 'application/json')
  // the decoded tree is already at hand: later reads need not parse the text again (F-VAR-9)
  if (decoded.kind === 'json') content.decoded = oxnDocument(decoded.value, content)
  storeContent(ctx, output, content)
}

function storeContent(
  ctx: FlowContext,
  output: Exclude<TemplateOutputLocation, { kind: 'variable' }>,
  content: Content,
): void {
  if (output.kind === 'main-content') ctx.contents.main = singleton(content)
  else ctx.contents.upstream.set(output.id, content)
}

/** ACT-template-2: the input value; no input (null, a missing location, dynamic `""`) is the empty sequence. */
function inputValue(ctx: FlowContext, template: CompiledTemplate, input: Location | LocationText | null): Sequence {
  if (input === null || (input.kind === 'text' && input.text === '')) return EMPTY
  return readLocation(ctx, input, template.at, 'template') ?? EMPTY
}
