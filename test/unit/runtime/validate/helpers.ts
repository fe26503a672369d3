/**
 * Test helpers for runtime/validate and compiler/schemas: a definition loaded from files, its plan
 * built by compiler/schemas with the validators compiled in memory (the same ajv setup as the build),
 * and the upstream form of it. The end-to-end fixtures 40-45 exercise the generated standalone code.
 */
import { expect } from 'vitest'

import {
  type BodySchemaData,
  buildPlanData,
  type ParameterData,
  type PlanData,
} from '../../../../compiler/emit/plan-data.js'
import { compileInMemory } from '../../../../compiler/emit/standalone.js'
import type { DefinitionNode } from '../../../../compiler/ir/definition.js'
import { createRouteTable } from '../../../../runtime/router/index.js'
import type {
  BodySchemaPlan,
  ParameterPlan,
  SchemaValidator,
  UpstreamDefinition,
  ValidationPlan,
} from '../../../../runtime/validate/plan.js'
import type { RequestParts } from '../../../../runtime/validate/request-check.js'
import { Content } from '../../../../runtime/values/content.js'
import { loadSite } from '../../compiler/definition/site.js'

export { cleanupSites, lines } from '../../compiler/definition/site.js'

/** Loads `definition.yaml` from the files; fails the test on any error. */
export function loadDefinitionFiles(files: Readonly<Record<string, string>>): DefinitionNode {
  const loaded = loadSite(files)
  // warnings (no handler, documentation-only schemes) are expected in upstream definitions
  expect(loaded.diagnostics.filter((line) => line.includes(': error: '))).toEqual([])
  return loaded.definition!
}

/** The live plan of a plan's data, with in-memory validators. */
export function livePlan(data: PlanData): ValidationPlan {
  const validators = compileInMemory(data.definitions, data.entries)
  const validator = (name: string | null): SchemaValidator | null => (name === null ? null : validators.get(name)!)
  const parameter = (p: ParameterData): ParameterPlan => ({ ...p, validate: validator(p.validate) })
  const schema = (s: BodySchemaData | null): BodySchemaPlan | null =>
    s === null ? null : { validate: validator(s.validate)!, acceptsText: s.acceptsText }
  return {
    request: data.request,
    response: data.response,
    secretHeaders: data.secretHeaders,
    secretQuery: data.secretQuery,
    routes: new Map(
      data.routes.map((route) => [
        route.pattern,
        {
          request: route.request,
          response: route.response,
          parameters: route.parameters.map(parameter),
          operations:
            route.operations === null
              ? null
              : new Map(
                  route.operations.map((op) => [
                    op.method,
                    {
                      ...op,
                      parameters: op.parameters.map(parameter),
                      body: op.body === null ? null : { required: op.body.required, schema: schema(op.body.schema) },
                      responses:
                        op.responses === null
                          ? null
                          : new Map(
                              op.responses.map((r) => [
                                r.status,
                                { schema: schema(r.schema), headers: r.headers.map(parameter) },
                              ]),
                            ),
                    },
                  ]),
                ),
        },
      ]),
    ),
  }
}

/** The plan of the definition in the files. */
export function planOf(files: Readonly<Record<string, string>>): ValidationPlan {
  return livePlan(buildPlanData(loadDefinitionFiles(files)))
}

/** The definition in the files as an upstream definition (VA39), credentials included. */
export function upstreamOf(files: Readonly<Record<string, string>>): UpstreamDefinition {
  const definition = loadDefinitionFiles(files)
  const data = buildPlanData(definition, { credentials: true })
  const routes = createRouteTable(
    data.routes.map((route) => ({
      pattern: route.pattern,
      segments: route.segments.map((s) => (s.kind === 'literal' ? s.value : { param: s.name })),
      wildcard: route.wildcard,
      operations: route.operations?.map((op) => [op.method, null] as const) ?? null,
      handler: null,
    })),
  )
  return { file: 'upstream.yaml', basePath: data.basePath, routes, validation: livePlan(data) }
}

/** Request parts for checkRequest. */
export function requestParts(parts: {
  params?: [string, string][]
  query?: string
  headers?: Record<string, string>
  body?: string
  contentType?: string
}): RequestParts {
  const headers = new Map(Object.entries(parts.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
  if (parts.contentType !== undefined) headers.set('content-type', parts.contentType)
  return {
    params: parts.params ?? [],
    query: parts.query ?? null,
    headers,
    body: Content.fromText(parts.body ?? '', parts.contentType ?? null),
    post: null,
  }
}
