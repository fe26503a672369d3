/**
 * `template` (actions.md ACT-template-2..4): `template(ctx, TEMPLATE_n, in, out, check?)`; the
 * template is a hoisted constant (compiler/emit/template), `in` null for no input, `check` only when false.
 */
import { js, lit } from '../code.js'
import { emitTemplate } from '../template.js'
import type { ActionEmitter } from './types.js'
import { callCode, locationCode } from './values.js'

export const emitTemplateAction: ActionEmitter<'template'> = (node, ctx) => {
  const site = { at: ctx.at(node.loc), action: 'template' }
  const template = emitTemplate(node.template, ctx, site)
  const input = node.input === null ? lit(null) : locationCode(node.input, ctx, site)
  const output = locationCode(node.output, ctx, site)
  const code = callCode(ctx.runtime('template'), [
    js`ctx`,
    template,
    input,
    output,
    node.check ? lit(undefined) : lit(false),
  ])
  return { code, terminates: false, declares: false }
}
