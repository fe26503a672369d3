/**
 * runtime/template: compiled JSON templates (templates.md) as generated code uses them, and running
 * them for actions (`renderTemplate`, `templateResult`, `templateJson`).
 */
export {
  defineTemplate,
  templateText,
  coalesce,
  Coalesce,
  type CompiledTemplate,
  type TemplateFunction,
  type TemplateSite,
  type TemplateText,
  type TemplateExpression,
} from './compiled-template.js'
export { TemplateRun } from './template-run.js'
export {
  renderTemplate,
  templateResult,
  templateJson,
  parseTemplateOutput,
  invalidOutputMessage,
  typedValue,
  type TemplateOutput,
} from './output.js'
export { countsAsNull, initialFocus } from './context-item.js'
