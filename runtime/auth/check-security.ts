/**
 * Stage PL8 (definition.md; security.md A9-A16, J11-J13, BA8, flows.md F-KIND-6): the effective
 * requirement of the routed request is evaluated — alternatives in order, schemes of an alternative in
 * key order, stopping at an alternative's first failing scheme and at the first alternative that
 * passes. Only the passing alternative's outputs are stored (later schemes win on equal names), then
 * its post-check flows run in key order: `break`/`return`/the end let the scheme pass, a terminating
 * action ends the request with its response (BREAK), a raised error propagates unchanged. When every
 * alternative fails: 3206 (A14, A15). Errors read from the environment raise 3211 at once.
 */
import { BREAK, type Completion, CONTINUE } from '../context/completion.js'
import type { FlowContext } from '../context/flow-context.js'
import { oxnRoot } from '../oxn/index.js'
import { renderJsonValue } from '../oxn/render-json-value.js'
import type { JsonValue } from '../values/json-value.js'
import { BasicScheme } from './basic-scheme.js'
import type { AlternativeSpec } from './config.js'
import { securityViolation } from './security-error.js'
import type { Scheme, SecurityRuntime } from './security-runtime.js'

/** What the pipeline lets this stage record: the access log `flow` of a post-check flow (LG3). */
export interface FlowNote {
  flow: string
}

interface Pass {
  readonly scheme: Scheme
  readonly value: JsonValue
}

/** PL8 for a request routed to `pattern`; BREAK when a post-check flow ended the request. */
export async function checkSecurity(
  ctx: FlowContext,
  security: SecurityRuntime,
  pattern: string,
  method: string,
  note: FlowNote,
): Promise<Completion> {
  const requirement = security.requirementFor(pattern, method)
  if (requirement === undefined) return CONTINUE
  const info: string[] = []
  const challenges: string[] = []
  let onlyBasic = true
  for (const alternative of requirement) {
    const passes = await evaluateAlternative(alternative, ctx, security)
    if (!Array.isArray(passes)) {
      const { scheme, reason } = passes
      if (scheme instanceof BasicScheme) {
        info.push(`Basic Security (${scheme.name}): ${reason}`)
        challenges.push(scheme.challenge)
      } else {
        info.push(`JWT Security (${scheme.name}): ${reason}`)
        onlyBasic = false
      }
      continue
    }
    storeOutputs(ctx, passes)
    for (const { scheme } of passes) {
      const postCheck = scheme.kind === 'jwt' ? scheme.spec.postCheck : null
      if (postCheck === null) continue
      note.flow = postCheck.file
      // A terminating action leaves a response body; `break` does not (flows.md F-KIND-6).
      if ((await postCheck.run(ctx)) === BREAK && ctx.response.body !== undefined) return BREAK
    }
    return CONTINUE
  }
  throw securityViolation(info, ctx.requestId, onlyBasic ? challenges : null)
}

/** The passes of every scheme, or the first failure (A11). */
async function evaluateAlternative(
  alternative: AlternativeSpec,
  ctx: FlowContext,
  security: SecurityRuntime,
): Promise<Pass[] | { scheme: Scheme; reason: string }> {
  const passes: Pass[] = []
  const request = ctx.request!
  for (const [name, scopes] of alternative) {
    const scheme = security.schemes.get(name)!
    const outcome =
      scheme instanceof BasicScheme
        ? await scheme.check(request, security.env, ctx.requestId)
        : await scheme.check(request, scopes, security.env, ctx.requestId)
    if (!outcome.passed) return { scheme, reason: outcome.reason }
    passes.push({ scheme, value: outcome.value })
  }
  return passes
}

/** J11, J12, BA8, A12: variables and upstream headers of the passing alternative, in key order. */
function storeOutputs(ctx: FlowContext, passes: readonly Pass[]): void {
  for (const { scheme, value } of passes) {
    ctx.vars.set(scheme.spec.outVar, [oxnRoot(value)])
    if (scheme.kind === 'jwt') ctx.jwtClaims ??= value
    const header = scheme.kind === 'jwt' ? scheme.spec.outHeader : null
    if (header !== null) setUpstreamHeader(ctx, header, asciiJson(value))
  }
}

function setUpstreamHeader(ctx: FlowContext, name: string, value: string): void {
  const lower = name.toLowerCase()
  ctx.upstreamHeaders = [...ctx.upstreamHeaders.filter(([other]) => other.toLowerCase() !== lower), [name, value]]
}

/** J12: compact JSON with every character outside printable ASCII as a `\uXXXX` escape. */
export function asciiJson(value: JsonValue): string {
  return renderJsonValue(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}
