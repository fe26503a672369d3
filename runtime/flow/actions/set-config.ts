/**
 * The `set-config` action (actions.md ACT-set-config-1..3): merges the compiled settings into the
 * request's settings (`ctx.settings`), which later stages read (runtime/context/request-settings.ts).
 */
import type { FlowContext } from '../../context/flow-context.js'
import { RequestSettings } from '../../context/request-settings.js'

/** One checked element of a `set-config` tree (generated code hoists the list). */
export interface ConfigSetting {
  readonly path: string
  /** Attribute values by name (an array of settings may type absent ones as undefined). */
  readonly attributes: { readonly [name: string]: string | undefined }
}

export function setConfig(ctx: FlowContext, settings: readonly ConfigSetting[]): void {
  const current = (ctx.settings ??= new RequestSettings())
  for (const setting of settings) current.merge(setting.path, setting.attributes)
}
