/**
 * The `xslt` app part (actions.md ACT-xslt; operations.md CL2): only builds whose flows use `xslt` get
 * `src/xslt.ts`, which tells the runtime where the separately bundled engine (`saxon.cjs`) and the
 * compiled stylesheets (`xslt/`) are: beside the bundle, found from its own URL.
 */
import type { FlowNode } from '../../ir/flow.js'
import type { StatementNode } from '../../ir/statements.js'
import type { AppPart } from '../app-part.js'
import { comment, js } from '../code.js'

/** Whether any flow holds an `xslt` action. */
export function usesXslt(flows: ReadonlyMap<string, FlowNode>): boolean {
  const inBlock = (statements: readonly StatementNode[]): boolean =>
    statements.some((statement) =>
      statement.kind === 'xslt'
        ? true
        : statement.kind === 'backend-flow'
          ? inBlock(statement.body)
          : statement.kind === 'if' &&
            (statement.branches.some((branch) => inBlock(branch.body)) ||
              (statement.otherwise !== null && inBlock(statement.otherwise.body))),
    )
  return [...flows.values()].some((flow) => inBlock(flow.body))
}

export const XSLT_PART: AppPart = {
  field: 'xslt',
  module: 'xslt.ts',
  constant: 'XSLT',
  emit({ flows }, ctx) {
    if (!usesXslt(flows)) return null
    return js`${comment('The XSLT engine and the compiled stylesheets beside server.mjs (operations.md CL2)')}
export const XSLT: ${ctx.runtimeType('XsltSetup')} = ${ctx.runtime('xsltSetup')}(import.meta.url)
`
  },
}
