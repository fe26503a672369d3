/**
 * IR of the upstream actions (actions.md `request`, `requests`, `proxy-request`; upstream.md) and of
 * `x-svc-proxy` handlers (definition.md section 8). Produced by compiler/flow and compiler/definition,
 * consumed by compiler/emit.
 */
import type { DefinitionNode } from './definition.js'
import type { ActionBase, TextValue } from './statement-parts.js'
import type { TemplateNode } from './template.js'

/** `<request content url method>TEMPLATE</request>` (ACT-request-1..3). */
export interface RequestNode extends ActionBase {
  readonly kind: 'request'
  readonly content: TextValue | null
  readonly url: TextValue | null
  readonly method: TextValue | null
  /** Null for an empty body (allowed with a `url` attribute). */
  readonly template: TemplateNode | null
  /** Site-relative directory of the flow file (relative body sources, client certificates). */
  readonly dir: string
}

/** `<requests>TEMPLATE</requests>` or `<requests src="FILE | $variable"/>` (ACT-requests-1..2). */
export interface RequestsNode extends ActionBase {
  readonly kind: 'requests'
  /** The body or the `src` file's template; null when `src` names a variable. */
  readonly template: TemplateNode | null
  /** The variable `src` names (without `$`), or null. */
  readonly variable: string | null
  readonly dir: string
}

/** `<proxy-request>TEMPLATE</proxy-request>` (ACT-proxy-request-1..3, UP-PROXY). */
export interface ProxyRequestNode extends ActionBase {
  readonly kind: 'proxy-request'
  readonly template: TemplateNode
  readonly dir: string
  /**
   * The flow's last top-level element (UP-GEN-6 step 1): its bodies may be streamed when it runs as
   * the handler.
   */
  readonly last: boolean
}

/**
 * The upstream definitions of a build (upstream.md UP-VAL-1, validation.md VA39), by site-relative
 * path in path order; loaded by compiler/upstream/definitions.ts, emitted by compiler/emit.
 */
export interface UpstreamDefinitions {
  readonly definitions: ReadonlyMap<string, DefinitionNode>
  /** Site files compiled for run-time `definition` values that failed, with their first problem. */
  readonly invalid: ReadonlyMap<string, string>
}
