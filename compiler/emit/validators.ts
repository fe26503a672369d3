/**
 * The `validation` app part (validation.md VA1-VA35; definition.md PL7, PL12): `src/validation.ts`
 * exports the ValidationPlan of the definition (compiler/emit/plan-data.ts) and
 * `src/validators.js` the standalone ajv validators of its schemas and constraints, compiled now
 * (VA31), with `src/validators.d.ts` declaring them. Parameters used by several operations become
 * shared `PARAMETER_n` constants.
 *
 * `emitUpstreamDefinition` writes the same for an upstream definition (VA39-VA42): a module exporting
 * an UpstreamDefinition (its routes as a route table, its plan with credentials) and its validators.
 */
import { relative } from 'node:path'

import { usesValidation } from '../analysis/validation-use.js'
import type { DefinitionNode } from '../ir/definition.js'
import type { AppPart } from './app-part.js'
import { Code, comment, identifier, importCode, joinCode, js, type JsonLiteral, lit } from './code.js'
import type { EmitContext } from './context.js'
import {
  type BodySchemaData,
  buildPlanData,
  type OperationData,
  type ParameterData,
  type PlanData,
  type RouteData,
} from './plan-data.js'
import { compileValidatorModule } from './standalone.js'

/** Where the modules of one definition go, relative to `src/`. */
export interface ValidationModuleNames {
  /** The TypeScript module, e.g. `validation.ts`. */
  readonly module: string
  /** Its exported constant, e.g. `VALIDATION`. */
  readonly constant: string
  /** The validators module without extension, a sibling of `module` (`.js` and `.d.ts`). */
  readonly validators: string
}

const MAIN: ValidationModuleNames = { module: 'validation.ts', constant: 'VALIDATION', validators: 'validators' }

/** The namespace the plan module imports the validators as. */
const SCHEMAS = identifier('SCHEMAS')

/** Local constants of the module, deduplicated by content. */
class Constants {
  readonly #byText = new Map<string, Code>()
  readonly lines: Code[] = []

  add(prefix: string, type: Code, init: Code): Code {
    const known = this.#byText.get(init.text)
    if (known !== undefined) return known
    const name = identifier(`${prefix}_${this.#byText.size + 1}`)
    this.#byText.set(init.text, name)
    this.lines.push(js`const ${name}: ${type} = ${init}`)
    return name
  }
}

interface Writer {
  readonly ctx: EmitContext
  readonly constants: Constants
}

/** A literal for plain data made by compiler/schemas (no user-written identifiers). */
function plainData(value: object | null): Code {
  return lit(value as JsonLiteral)
}

function validatorCode(name: string | null): Code {
  return name === null ? lit(null) : js`${SCHEMAS}.${identifier(name)}`
}

function parameterCode(w: Writer, p: ParameterData): Code {
  const init = js`{ name: ${lit(p.name)}, in: ${lit(p.in)}, required: ${lit(p.required)}, type: ${lit(p.type)}, collectionFormat: ${lit(p.collectionFormat)}, items: ${plainData(p.items)}, allowEmptyValue: ${lit(p.allowEmptyValue)}, validate: ${validatorCode(p.validate)} }`
  return w.constants.add('PARAMETER', w.ctx.runtimeType('ParameterPlan'), init)
}

function parametersCode(w: Writer, parameters: readonly ParameterData[]): Code {
  return js`[${joinCode(
    parameters.map((p) => parameterCode(w, p)),
    ', ',
  )}]`
}

function bodySchemaCode(schema: BodySchemaData | null): Code {
  return schema === null
    ? lit(null)
    : js`{ validate: ${validatorCode(schema.validate)}, acceptsText: ${lit(schema.acceptsText)} }`
}

function operationCode(w: Writer, operation: OperationData): Code {
  const body =
    operation.body === null
      ? lit(null)
      : js`{ required: ${lit(operation.body.required)}, schema: ${bodySchemaCode(operation.body.schema)} }`
  const responses =
    operation.responses === null
      ? lit(null)
      : js`new Map<string, ${w.ctx.runtimeType('ResponsePlan')}>([\n${joinCode(
          operation.responses.map(
            (r) =>
              js`            [${lit(r.status)}, { schema: ${bodySchemaCode(r.schema)}, headers: ${parametersCode(w, r.headers)} }],`,
          ),
          '\n',
        )}\n          ])`
  const lines = [
    js`request: ${lit(operation.request)},`,
    js`response: ${lit(operation.response)},`,
    js`consumes: ${lit(operation.consumes)},`,
    js`produces: ${lit(operation.produces)},`,
    js`parameters: ${parametersCode(w, operation.parameters)},`,
    js`body: ${body},`,
    js`responses: ${responses},`,
  ]
  if (operation.credentials !== undefined) lines.push(js`credentials: ${plainData(operation.credentials)},`)
  return js`{\n${joinCode(
    lines.map((line) => js`          ${line}`),
    '\n',
  )}\n        }`
}

function routeCode(w: Writer, route: RouteData): Code {
  const operations =
    route.operations === null
      ? lit(null)
      : js`new Map<string, ${w.ctx.runtimeType('OperationPlan')}>([\n${joinCode(
          route.operations.map((operation) => js`        [${lit(operation.method)}, ${operationCode(w, operation)}],`),
          '\n',
        )}\n      ])`
  return js`{
      request: ${lit(route.request)},
      response: ${lit(route.response)},
      parameters: ${parametersCode(w, route.parameters)},
      operations: ${operations},
    }`
}

/** The ValidationPlan object literal. */
function planCode(w: Writer, data: PlanData): Code {
  const routes = data.routes.map(
    (route) =>
      js`    ${comment(`${route.pattern} (${w.ctx.at(route.loc)})`)}\n    [${lit(route.pattern)}, ${routeCode(w, route)}],`,
  )
  const table = routes.length === 0 ? js`[]` : js`[\n${joinCode(routes, '\n')}\n  ]`
  return js`{
  request: ${lit(data.request)},
  response: ${lit(data.response)},
  secretHeaders: ${lit(data.secretHeaders)},
  secretQuery: ${lit(data.secretQuery)},
  routes: new Map<string, ${w.ctx.runtimeType('RoutePlan')}>(${table}),
}`
}

/** The module body: the validators import, shared parameters, then `declaration`. */
function moduleBody(w: Writer, names: ValidationModuleNames, declaration: Code): Code {
  const validators = names.validators.split('/').at(-1)!
  const parts = [importCode(js`* as ${SCHEMAS}`, `./${validators}.js`)]
  if (w.constants.lines.length > 0) parts.push(joinCode(w.constants.lines, '\n'))
  parts.push(declaration)
  return js`${joinCode(parts, '\n\n')}\n`
}

/** The body of `validation.ts` for the definition's plan. */
export function emitValidationPlan(data: PlanData, ctx: EmitContext, names: ValidationModuleNames = MAIN): Code {
  const w: Writer = { ctx, constants: new Constants() }
  const plan = planCode(w, data)
  const declaration = js`/** Request and response validation of the definition's routes (validation.md), read by runtime/validate. */
export const ${identifier(names.constant)}: ${ctx.runtimeType('ValidationPlan')} = ${plan}`
  return moduleBody(w, names, declaration)
}

/** `createRouteTable([...])` of an upstream definition: routing only, no handlers (VA40). */
function routeTableCode(data: PlanData, ctx: EmitContext): Code {
  const routes = data.routes.map((route) => {
    const segments = joinCode(
      route.segments.map((s) => (s.kind === 'literal' ? lit(s.value) : js`{ param: ${lit(s.name)} }`)),
      ', ',
    )
    const operations =
      route.operations === null
        ? lit(null)
        : js`[${joinCode(
            route.operations.map((op) => js`[${lit(op.method)}, null]`),
            ', ',
          )}]`
    return js`    { pattern: ${lit(route.pattern)}, segments: [${segments}], wildcard: ${lit(route.wildcard)}, operations: ${operations}, handler: null },`
  })
  const list = routes.length === 0 ? js`[]` : js`[\n${joinCode(routes, '\n')}\n  ]`
  return js`${ctx.runtime('createRouteTable')}(${list})`
}

/**
 * The body of an upstream definition's module (VA39): `export const <constant>: UpstreamDefinition`;
 * `mocks` is its table of `200` examples for `mock-response` (upstream.md UP-MOCK-1), or null.
 */
export function emitUpstreamDefinition(
  definition: DefinitionNode,
  data: PlanData,
  ctx: EmitContext,
  names: ValidationModuleNames,
  mocks: Code | null = null,
): Code {
  const w: Writer = { ctx, constants: new Constants() }
  const plan = planCode(w, data)
  const mockMember = mocks === null ? js`` : js`\n  mocks: ${mocks},`
  const declaration = js`/** An upstream definition for upstream validation and mocking (validation.md VA39-VA42, upstream.md UP-MOCK). */
export const ${identifier(names.constant)}: ${ctx.runtimeType('UpstreamDefinition')} = {
  file: ${lit(ctx.sitePath(definition.file.path))},
  basePath: ${lit(data.basePath)},
  routes: ${routeTableCode(data, ctx)},
  validation: ${plan},${mockMember}
}`
  return moduleBody(w, names, declaration)
}

/** `<validators>.js` and `<validators>.d.ts` for a plan (paths relative to `src/`). */
export function emitValidatorModules(
  definition: DefinitionNode,
  data: PlanData,
  names: ValidationModuleNames = MAIN,
): Map<string, string> {
  const source = relative(definition.siteRoot, definition.file.path).split('\\').join('/')
  const header = `// Generated by svc-compile from ${source}: ajv standalone validators (validation.md VA31). Do not edit; change the source instead.`
  const module = compileValidatorModule(header, data.definitions, data.entries)
  return new Map([
    [`${names.validators}.js`, module.javascript],
    [`${names.validators}.d.ts`, module.declarations],
  ])
}

export const VALIDATION_PART: AppPart = {
  field: 'validation',
  module: MAIN.module,
  constant: MAIN.constant,
  emit: ({ definition }, ctx) =>
    usesValidation(definition) ? emitValidationPlan(buildPlanData(definition), ctx) : null,
  companions: ({ definition }) => emitValidatorModules(definition, buildPlanData(definition)),
}
