/**
 * The validation plan of a definition as build-time data (validation.md VA1-VA31, VA39, VA42): the
 * runtime's ValidationPlan (runtime/validate/plan.ts) with each validator given as the name of an entry
 * of the validator module, plus the translated schemas of those entries. compiler/emit/validators.ts
 * writes it as code; tests can turn it into a live plan with validators compiled in memory.
 *
 * - Modes of every level as written (VA4); effective `consumes`/`produces` (VA15, VA22).
 * - Non-body parameters in merged order (VA9) with their conversion data (VA11) and, when they have
 *   constraints (VA12), a validator; response headers likewise (VA23).
 * - Body and response schemas (VA16, VA24; `type: file` responses are not restricted).
 * - VA34: header and query names enforced security schemes read tokens from.
 * - For upstream definitions (`credentials`), each operation's effective security requirement as the
 *   credentials VA42 checks for.
 * Identical schemas share one entry, named after their first use.
 */
import type {
  CollectionFormat,
  CredentialPlan,
  ItemsPlan,
  ParameterPlan,
  ParameterType,
} from '../../runtime/validate/plan.js'
import type { Loc, SourceFile } from '../diagnostics/source.js'
import type {
  DefinitionNode,
  OperationNode,
  ParameterNode,
  PlainJson,
  RouteNode,
  SchemaNode,
  SecurityRequirementNode,
  ValidationMode,
} from '../ir/definition.js'
import { SchemaRegistry } from '../schemas/registry.js'
import type { SchemaObject } from '../schemas/translate.js'
import { NameTable, pascalCase } from './names.js'

/** A ParameterPlan whose validator is an entry name. */
export type ParameterData = Omit<ParameterPlan, 'validate'> & { readonly validate: string | null }

export interface BodySchemaData {
  readonly validate: string
  readonly acceptsText: boolean
}

export interface OperationData {
  readonly method: string
  readonly request: ValidationMode | null
  readonly response: ValidationMode | null
  readonly consumes: readonly string[] | null
  readonly produces: readonly string[] | null
  readonly parameters: readonly ParameterData[]
  readonly body: { readonly required: boolean; readonly schema: BodySchemaData | null } | null
  readonly responses:
    | readonly {
        readonly status: string
        readonly schema: BodySchemaData | null
        readonly headers: readonly ParameterData[]
      }[]
    | null
  /** VA42, upstream definitions only: alternatives of credential sets; null when none are required. */
  readonly credentials?: readonly (readonly CredentialPlan[])[] | null
}

export interface RouteData {
  readonly pattern: string
  readonly loc: Loc
  readonly segments: RouteNode['segments']
  readonly wildcard: boolean
  readonly request: ValidationMode | null
  readonly response: ValidationMode | null
  readonly parameters: readonly ParameterData[]
  readonly operations: readonly OperationData[] | null
}

export interface PlanData {
  readonly basePath: string
  readonly request: ValidationMode | null
  readonly response: ValidationMode | null
  readonly secretHeaders: readonly string[]
  readonly secretQuery: readonly string[]
  /** Sorted by pattern. */
  readonly routes: readonly RouteData[]
  /** The validator entries by name, in the order they were made, and the shared definitions. */
  readonly entries: ReadonlyMap<string, PlainJson>
  readonly definitions: SchemaObject
}

export interface PlanOptions {
  /** Record the credentials of each operation (VA42). */
  readonly credentials?: boolean
}

function isObject(value: PlainJson | undefined): value is { readonly [key: string]: PlainJson } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function camel(text: string): string {
  const pascal = pascalCase(text)
  return pascal.charAt(0).toLowerCase() + pascal.slice(1)
}

class Builder {
  readonly registry: SchemaRegistry
  readonly entries = new Map<string, PlainJson>()
  readonly #names = new NameTable()
  readonly #byContent = new Map<string, string>()

  constructor(readonly definition: DefinitionNode) {
    this.registry = new SchemaRegistry(definition.documents)
  }

  /** The entry name for a translated schema (shared by identical schemas). */
  entry(wanted: string, schema: PlainJson): string {
    const key = JSON.stringify(schema)
    let name = this.#byContent.get(key)
    if (name === undefined) {
      name = this.#names.allocate(wanted).text
      this.#byContent.set(key, name)
      this.entries.set(name, schema)
    }
    return name
  }

  parameter(
    name: string,
    location: ParameterData['in'],
    value: PlainJson,
    required: boolean,
    file: SourceFile,
    wanted: string,
  ): ParameterData {
    const object = isObject(value) ? value : {}
    const type = (typeof object['type'] === 'string' ? object['type'] : 'string') as ParameterType
    const constraints = this.registry.translate(value, file)
    return {
      name,
      in: location,
      required,
      type,
      collectionFormat: (typeof object['collectionFormat'] === 'string'
        ? object['collectionFormat']
        : 'csv') as CollectionFormat,
      items: type === 'array' ? itemsOf(object['items']) : null,
      allowEmptyValue: object['allowEmptyValue'] === true,
      validate: hasConstraints(constraints) ? this.entry(wanted, constraints) : null,
    }
  }

  bodySchema(schema: SchemaNode, wanted: string, response: boolean): BodySchemaData | null {
    const type = this.registry.typeOf(schema.value, schema.file)
    if (response && type === 'file') return null
    const acceptsText = type === undefined || type === 'string' || (Array.isArray(type) && type.includes('string'))
    const translated = this.registry.translate(schema.value, schema.file)
    // a bare reference is named after what it references (`PetSchema`), as several uses share it
    const ref = isObject(translated) && Object.keys(translated).length === 1 ? translated['$ref'] : undefined
    const name =
      typeof ref === 'string' ? `${ref.slice(ref.lastIndexOf('/') + 1).replace(/[^A-Za-z0-9_$]+/g, '_')}Schema` : wanted
    return { validate: this.entry(name, translated), acceptsText }
  }
}

/** Constraints remain besides `type` (the value is converted before it is validated). */
function hasConstraints(schema: PlainJson): boolean {
  if (!isObject(schema)) return false
  return Object.keys(schema).some((key) => (key === 'items' ? hasConstraints(schema[key]!) : key !== 'type'))
}

function itemsOf(value: PlainJson | undefined): ItemsPlan | null {
  if (!isObject(value)) return null
  const type = (typeof value['type'] === 'string' ? value['type'] : 'string') as ItemsPlan['type']
  const format = (
    typeof value['collectionFormat'] === 'string' ? value['collectionFormat'] : 'csv'
  ) as ItemsPlan['collectionFormat']
  return { type, collectionFormat: format, items: type === 'array' ? itemsOf(value['items']) : null }
}

function parameterName(base: string, parameter: ParameterNode): string {
  return `${base}${pascalCase(parameter.in)}${pascalCase(parameter.name) || 'Value'}`
}

function operationData(b: Builder, route: RouteNode, operation: OperationNode, options: PlanOptions): OperationData {
  const definition = b.definition
  const base =
    operation.operationId !== null && pascalCase(operation.operationId) !== ''
      ? camel(operation.operationId)
      : `${operation.method.toLowerCase()}${pascalCase(route.pattern)}`
  const parameters = operation.parameters
    .filter((p) => p.in !== 'body')
    .map((p) => b.parameter(p.name, p.in as ParameterData['in'], p.value, p.required, p.file, parameterName(base, p)))
  const bodyParameter = operation.parameters.find((p) => p.in === 'body')
  const body =
    bodyParameter === undefined
      ? null
      : {
          required: bodyParameter.required,
          schema: bodyParameter.schema === null ? null : b.bodySchema(bodyParameter.schema, `${base}Body`, false),
        }
  const responses =
    operation.responses?.map((response) => {
      const wanted = `${base}Response${pascalCase(response.status)}`
      const declared = isObject(response.value) ? response.value['headers'] : undefined
      const headers = isObject(declared)
        ? Object.entries(declared).map(([name, header]) =>
            b.parameter(name, 'header', header, false, response.file, `${wanted}Header${pascalCase(name) || 'Value'}`),
          )
        : []
      return {
        status: response.status,
        schema: response.schema === null ? null : b.bodySchema(response.schema, wanted, true),
        headers,
      }
    }) ?? null
  const data: OperationData = {
    method: operation.method,
    request: operation.validate?.request ?? null,
    response: operation.validate?.response ?? null,
    consumes: operation.consumes ?? definition.consumes,
    produces: operation.produces ?? definition.produces,
    parameters,
    body,
    responses,
  }
  if (!options.credentials) return data
  const requirement = operation.security ?? route.security ?? definition.security
  return { ...data, credentials: credentialsOf(definition, requirement) }
}

/** VA42: the credentials of a requirement (A9-A11); null when nothing is required. */
function credentialsOf(
  definition: DefinitionNode,
  requirement: SecurityRequirementNode | null,
): readonly (readonly CredentialPlan[])[] | null {
  if (requirement === null || requirement.alternatives.length === 0) return null
  const alternatives: CredentialPlan[][] = []
  for (const alternative of requirement.alternatives) {
    if (alternative.length === 0) return null
    const set: CredentialPlan[] = []
    for (const use of alternative) {
      const scheme = definition.securitySchemes.find((s) => s.name === use.name)
      if (scheme === undefined) continue
      if (scheme.type === 'apiKey')
        set.push({
          scheme: scheme.name,
          kind: scheme.in === 'query' ? 'query' : 'header',
          name: scheme.paramName ?? '',
        })
      else set.push({ scheme: scheme.name, kind: scheme.type, name: 'Authorization' })
    }
    alternatives.push(set)
  }
  return alternatives
}

function byPattern(a: RouteNode, b: RouteNode): number {
  return a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0
}

/** VA34: header (lower case) and query names that enforced apiKey schemes read tokens from. */
function secretNames(definition: DefinitionNode): { headers: string[]; query: string[] } {
  const headers: string[] = []
  const query: string[] = []
  for (const scheme of definition.securitySchemes) {
    if (!scheme.enforced || scheme.type !== 'apiKey' || scheme.paramName === null) continue
    if (scheme.in === 'header' && !headers.includes(scheme.paramName.toLowerCase()))
      headers.push(scheme.paramName.toLowerCase())
    if (scheme.in === 'query' && !query.includes(scheme.paramName)) query.push(scheme.paramName)
  }
  return { headers, query }
}

/** The plan of `definition`, its validator entries and their shared definitions. */
export function buildPlanData(definition: DefinitionNode, options: PlanOptions = {}): PlanData {
  const b = new Builder(definition)
  const routes = [...definition.routes].sort(byPattern).map((route): RouteData => {
    const base = camel(route.pattern) || 'root'
    return {
      pattern: route.pattern,
      loc: route.loc,
      segments: route.segments,
      wildcard: route.wildcard,
      request: route.validate?.request ?? null,
      response: route.validate?.response ?? null,
      parameters: route.parameters
        .filter((p) => p.in === 'path')
        .map((p) => b.parameter(p.name, 'path', p.value, p.required, p.file, parameterName(base, p))),
      operations: route.operations?.map((operation) => operationData(b, route, operation, options)) ?? null,
    }
  })
  const secrets = secretNames(definition)
  return {
    basePath: definition.basePath,
    request: definition.validate?.request ?? null,
    response: definition.validate?.response ?? null,
    secretHeaders: secrets.headers,
    secretQuery: secrets.query,
    routes,
    entries: b.entries,
    definitions: b.registry.definitions(),
  }
}
