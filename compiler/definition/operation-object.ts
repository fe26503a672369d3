/**
 * Operation objects (definition.md D3, D17, D18, CC21; handler levels H1-H4): an empty entry
 * declares the method; known Swagger 2.0 keys are read or ignored; other non-`x-` keys warn.
 */
import type { Loc } from '../diagnostics/source.js'
import type {
  OperationMethod,
  RateLimitNode,
  ResponseNode,
  SecurityRequirementNode,
  ValidateSettingNode,
} from '../ir/definition.js'
import type { LoadContext } from './context.js'
import { type DocNode, type MapNode, valueOf } from './doc-node.js'
import { checkExtensions } from './extensions.js'
import { type LevelHandler, loadLevelHandler } from './handler-level.js'
import { loadParameterList, type ParameterScope, type WrittenParameter } from './parameter-object.js'
import { loadRateLimit } from './rate-limit.js'
import { loadResponses } from './response-object.js'
import { memberPointer } from './schema-object.js'
import { loadSecurityRequirement } from './security-requirement.js'
import type { SchemeSummary } from './security-scheme.js'
import { loadValidateSetting } from './validate-setting.js'

/** Swagger 2.0 operation keys (D18). */
const OPERATION_KEYS = new Set([
  'tags',
  'summary',
  'description',
  'externalDocs',
  'operationId',
  'consumes',
  'produces',
  'parameters',
  'responses',
  'schemes',
  'deprecated',
  'security',
])

export interface OperationDraft {
  readonly method: OperationMethod
  readonly loc: Loc
  readonly handler: LevelHandler
  readonly operationId: string | null
  readonly parameters: readonly WrittenParameter[]
  readonly responses: readonly ResponseNode[] | null
  readonly security: SecurityRequirementNode | null
  readonly validate: ValidateSettingNode | null
  readonly rateLimit: RateLimitNode | null
  readonly consumes: readonly string[] | null
  readonly produces: readonly string[] | null
}

/** A list of strings (`consumes`, `produces`); null when absent or invalid (reported). */
export function loadStringList(node: DocNode | undefined, name: string, ctx: LoadContext): string[] | null {
  if (node === undefined) return null
  if (node.kind === 'seq' && node.items.every((item) => item.kind === 'scalar' && typeof item.value === 'string')) {
    return node.items.map((item) => String((item as { value: string }).value))
  }
  ctx.error('definition/invalid-value', node.loc, `${name} must be a list of strings`)
  return null
}

export function loadOperation(
  method: OperationMethod,
  keyLoc: Loc,
  node: DocNode,
  pointer: string,
  scope: ParameterScope,
  schemes: ReadonlyMap<string, SchemeSummary>,
  ctx: LoadContext,
): OperationDraft {
  const empty: OperationDraft = {
    method,
    loc: keyLoc,
    handler: null,
    operationId: null,
    parameters: [],
    responses: null,
    security: null,
    validate: null,
    rateLimit: null,
    consumes: null,
    produces: null,
  }
  if (node.kind === 'scalar' && node.value === null) return empty
  if (node.kind !== 'map') {
    ctx.error('definition/invalid-operation', node.loc, `operation ${method.toLowerCase()} must be an object`)
    return empty
  }
  const scan = checkExtensions(node, 'operation', ctx)
  for (const entry of node.entries) {
    if (!entry.key.startsWith('x-') && !OPERATION_KEYS.has(entry.key)) {
      ctx.warning(
        'definition/unknown-operation-key',
        entry.keyLoc,
        `unknown key ${JSON.stringify(entry.key)} in operation`,
      )
    }
  }
  const operationIdNode = valueOf(node, 'operationId')
  let operationId: string | null = null
  if (operationIdNode !== undefined) {
    if (operationIdNode.kind === 'scalar' && typeof operationIdNode.value === 'string')
      operationId = operationIdNode.value
    else ctx.error('definition/invalid-value', operationIdNode.loc, 'operationId must be a string')
  }
  const parametersNode = valueOf(node, 'parameters')
  const responsesNode = valueOf(node, 'responses')
  const securityNode = valueOf(node, 'security')
  const validateNode = scan.recognized.has('x-svc-validate') ? valueOf(node, 'x-svc-validate') : undefined
  const rateLimitNode = scan.recognized.has('x-svc-rate-limit') ? valueOf(node, 'x-svc-rate-limit') : undefined
  return {
    method,
    loc: keyLoc,
    handler: loadLevelHandler(node as MapNode, scan, ctx),
    operationId,
    parameters:
      parametersNode === undefined
        ? []
        : loadParameterList(parametersNode, memberPointer(pointer, 'parameters'), scope, ctx),
    responses:
      responsesNode === undefined ? null : loadResponses(responsesNode, memberPointer(pointer, 'responses'), ctx),
    security: securityNode === undefined ? null : loadSecurityRequirement(securityNode, schemes, ctx),
    validate: validateNode === undefined ? null : loadValidateSetting(validateNode, ctx),
    rateLimit: rateLimitNode === undefined ? null : loadRateLimit(rateLimitNode, ctx),
    consumes: loadStringList(valueOf(node, 'consumes'), 'consumes', ctx),
    produces: loadStringList(valueOf(node, 'produces'), 'produces', ctx),
  }
}
