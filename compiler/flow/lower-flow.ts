/**
 * Element tree -> FlowNode (flows.md F-DOC-2, F-DOC-4, F-DOC-5, F-CTL-1..9). Containers hold actions
 * and control elements; `if` / `elseif` / `else` siblings form chains; `break` and `return` take only
 * `if`. The set of element names is closed (the ACTIONS registry): unknown names are a CE with a
 * suggestion, test actions outside `svc-test` are a CE. A failed statement is dropped; the rest of
 * the file is still checked.
 */
import { suggestBest } from '../diagnostics/did-you-mean.js'
import { invariant } from '../diagnostics/invariant.js'
import type { FlowNode } from '../ir/flow.js'
import type { ConditionalBlock, ElseBlock, StatementNode } from '../ir/statements.js'
import { ownAttributes, requiredAttributes } from './action-facts.js'
import { actionEntry } from './actions/index.js'
import { markLastProxy } from './actions/proxy-request.js'
import { checkAttributeNames, COMMON_ACTION_ATTRIBUTES, debugTopics, lowerCondition } from './attributes.js'
import { lowerBackendFlow } from './backend-flow.js'
import { checkContainerText, checkEmptyBody } from './body.js'
import { ACTION_NAMES, CONTROL_NAMES, ELEMENT_NAMES, isActionName, isTestActionName } from './elements.js'
import { lowerExpression } from './expression.js'
import { flowReads } from './flow-reads.js'
import { attributeOf, type LowerContext } from './lower-context.js'
import type { XmlDocument, XmlElement } from './parse-xml.js'

/** Lowers a parsed document; undefined when its root is not usable (reported). */
export function lowerFlow(document: XmlDocument, ctx: LowerContext): FlowNode | undefined {
  const root = document.root
  if (root.namespaced) return undefined
  const test = ctx.options.test === true
  if (root.name !== 'flow' && !(test && root.name === 'svc-test')) {
    const wanted = test ? '<flow> or <svc-test>' : '<flow>'
    const extra = root.name === 'svc-test' ? '; a svc-test document cannot be used as a flow' : ''
    ctx.bag.error(
      'flow/invalid-root',
      ctx.elementLoc(root),
      `the root element must be ${wanted}, not <${root.name}>${extra}`,
    )
    return undefined
  }
  for (const attribute of root.attributes) {
    ctx.bag.warning(
      'flow/root-attribute',
      ctx.attributeLoc(attribute),
      `attribute ${attribute.name} on <${root.name}> is ignored`,
    )
  }
  // UP-GEN-6 step 1: a final top-level proxy-request may stream
  const body = markLastProxy(lowerBlock(root, ctx))
  return {
    kind: 'flow',
    loc: ctx.elementLoc(root),
    file: ctx.file,
    root: root.name === 'svc-test' ? 'svc-test' : 'flow',
    body,
    subFlows: [...new Set(ctx.subFlowRefs.map((ref) => ref.path))],
    reads: flowReads(body),
    assigned: [...ctx.assigned],
  }
}

/** An `if` chain being collected; `failed` drops the whole chain once any part had a CE. */
interface Chain {
  readonly head: XmlElement
  readonly branches: ConditionalBlock[]
  otherwise: ElseBlock | null
  failed: boolean
}

/** The children of a container (F-DOC-4), chains assembled (F-CTL-2, F-CTL-3). */
function lowerBlock(container: XmlElement, ctx: LowerContext): StatementNode[] {
  checkContainerText(container, ctx)
  const out: StatementNode[] = []
  let chain: Chain | null = null
  /** Name of the previous element; '' before the first, null after a reported unknown one. */
  let previous: string | null = ''
  const finishChain = () => {
    if (chain && !chain.failed) {
      out.push({
        kind: 'if',
        loc: ctx.elementLoc(chain.head),
        tag: ctx.tagText(chain.head),
        branches: chain.branches,
        otherwise: chain.otherwise,
      })
    }
    chain = null
  }
  for (const child of container.children) {
    const name = child.name
    if (child.namespaced) {
      // Already reported (F-DOC-3); it still separates an `else` from its `if`.
      finishChain()
    } else if (name === 'if') {
      finishChain()
      const branch = lowerConditional(child, ctx, 'if')
      chain = { head: child, branches: branch ? [branch] : [], otherwise: null, failed: !branch }
    } else if (name === 'elseif' || name === 'else') {
      const current: Chain | null = chain
      if (!current || (previous !== 'if' && previous !== 'elseif')) {
        finishChain()
        // After an unknown or namespaced element (already reported, maybe a misspelt `if`): one message.
        if (previous !== null)
          ctx.bag.error('flow/misplaced-else', ctx.elementLoc(child), `<${name}> must directly follow <if> or <elseif>`)
        lowerBlock(child, ctx) // its content is still checked
      } else if (name === 'elseif') {
        const branch = lowerConditional(child, ctx, 'elseif')
        if (branch) current.branches.push(branch)
        else current.failed = true
      } else {
        const otherwise = lowerElse(child, ctx)
        if (otherwise) current.otherwise = otherwise
        else current.failed = true
      }
    } else {
      finishChain()
      const statement = lowerStatement(child, ctx)
      if (statement) out.push(statement)
    }
    previous = child.namespaced || !ELEMENT_NAMES.includes(name) ? null : name
  }
  finishChain()
  return out
}

/** Attributes of `if`/`elseif`/`else` (F-CTL-1..3, F-CTL-6, F-CTL-9). False after a CE. */
function checkControlAttributes(element: XmlElement, ctx: LowerContext, allowed: readonly string[]): boolean {
  const jump = element.name === 'break' || element.name === 'return'
  let ok = true
  for (const attribute of element.attributes) {
    if (attribute.name === 'if' && !jump) {
      const hint = element.name === 'else' ? '' : '; use test'
      ctx.bag.error(
        'flow/invalid-attribute',
        ctx.attributeLoc(attribute),
        `<${element.name}> takes no if attribute${hint}`,
      )
      ok = false
    } else if (attribute.name === 'test' && element.name === 'else') {
      ctx.bag.error(
        'flow/invalid-attribute',
        ctx.attributeLoc(attribute),
        '<else> takes no test attribute; use <elseif test="...">',
      )
      ok = false
    } else if (attribute.name === 'debug') {
      ctx.bag.warning(
        'flow/unknown-attribute',
        ctx.attributeLoc(attribute),
        `control element <${element.name}> takes no debug attribute`,
      )
    }
  }
  const required = allowed.includes('test') ? ['test'] : []
  const handled = jump ? ['debug'] : element.name === 'else' ? ['if', 'test', 'debug'] : ['if', 'debug']
  return checkAttributeNames(element, ctx, allowed, required, handled) && ok
}

function lowerConditional(element: XmlElement, ctx: LowerContext, kind: 'if' | 'elseif'): ConditionalBlock | undefined {
  const attributesOk = checkControlAttributes(element, ctx, ['test'])
  const attribute = attributeOf(element, 'test')
  const test =
    attribute &&
    lowerExpression(ctx.attributeValue(attribute), ctx, ctx.attributeLoc(attribute), `test attribute of <${kind}>`)
  const body = lowerBlock(element, ctx)
  if (!attributesOk || !test) return undefined
  return { element: kind, loc: ctx.elementLoc(element), tag: ctx.tagText(element), test, body }
}

function lowerElse(element: XmlElement, ctx: LowerContext): ElseBlock | undefined {
  const attributesOk = checkControlAttributes(element, ctx, [])
  const body = lowerBlock(element, ctx)
  if (!attributesOk) return undefined
  return { loc: ctx.elementLoc(element), tag: ctx.tagText(element), body }
}

/** `break`, `return` or an action. */
function lowerStatement(element: XmlElement, ctx: LowerContext): StatementNode | undefined {
  const name = element.name
  if (name === 'break' || name === 'return') return lowerJump(element, ctx, name)
  const isTest = isTestActionName(name)
  if (!isActionName(name) && !isTest) {
    const candidates = ctx.options.test ? ELEMENT_NAMES : [...ACTION_NAMES, ...CONTROL_NAMES]
    const hint = suggestBest(name, candidates, (c) => `<${c}>`)
    ctx.bag.error(
      'flow/unknown-action',
      ctx.elementLoc(element),
      `unknown action <${name}>${hint.suffix}`,
      undefined,
      hint.names,
    )
    return undefined
  }
  if (isTest && !ctx.options.test) {
    ctx.bag.error(
      'flow/test-action-outside-test',
      ctx.elementLoc(element),
      `test action <${name}> is only allowed in svc-test documents`,
    )
    return undefined
  }
  if (name === 'backend-flow') return lowerBackendFlow(element, ctx, lowerBlock)
  const entry = actionEntry(name)
  invariant(entry !== undefined, `element <${name}> is an action without an ACTIONS entry`)
  const attributesOk = checkAttributeNames(
    element,
    ctx,
    [...ownAttributes(entry.name), ...COMMON_ACTION_ATTRIBUTES],
    requiredAttributes(entry.name),
  )
  if (!attributesOk) return undefined
  const condition = lowerCondition(element, ctx)
  const debug = debugTopics(element, ctx)
  const node = entry.lower(element, ctx, {
    loc: ctx.elementLoc(element),
    tag: ctx.tagText(element),
    condition: condition ?? null,
    debug,
  })
  return condition === undefined ? undefined : node
}

/** `<break/>` (F-CTL-7) and `<return/>` (F-CTL-8): attribute `if` only, empty body. */
function lowerJump(element: XmlElement, ctx: LowerContext, kind: 'break' | 'return'): StatementNode | undefined {
  const attributesOk = checkControlAttributes(element, ctx, ['if'])
  const condition = lowerCondition(element, ctx)
  const empty = checkEmptyBody(element, ctx)
  if (!attributesOk || condition === undefined || !empty) return undefined
  return { kind, loc: ctx.elementLoc(element), tag: ctx.tagText(element), condition }
}
