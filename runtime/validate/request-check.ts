/**
 * Client (and upstream) request validation (validation.md VA6-VA19): the content type against the
 * effective `consumes` (VA15), then the parameters by location in the order path, query, header,
 * formData (each location in merged-parameter order, VA9, VA32a), then the body (VA16, VA17). All
 * violations are collected (VA19). Header names match case-insensitively, other names exactly (VA9);
 * undeclared parameters are allowed (VA14); nothing of the request is changed (VA18).
 */
import { parseFormEncoded } from '../http/form-decoding.js'
import { multipartFileNames } from '../http/multipart.js'
import type { Content } from '../values/content.js'
import { checkBody } from './body.js'
import { mediaEssence, mediaTypeListed } from './media-types.js'
import { checkParameter } from './parameters.js'
import type { OperationPlan, ParameterPlan, RoutePlan, ValidationPlan } from './plan.js'
import { quote, violation } from './violation.js'

/** The parts of a request that validation reads. */
export interface RequestParts {
  /** Decoded path parameters (definition.md P10). */
  readonly params: readonly (readonly [string, string])[]
  /** Raw query without `?`; null when none. */
  readonly query: string | null
  /** Lower-case names, repeated fields joined (definition.md R1, R5). */
  readonly headers: ReadonlyMap<string, string>
  readonly body: Content
  /** Non-file form fields of a form body (`$request/post`); null when the body is no form. */
  readonly post: readonly (readonly [string, string])[] | null
}

/** Header values that are never quoted (VA34). */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization'])

const LOCATION_ORDER = ['path', 'query', 'header', 'formData'] as const

/** The violation entries of a request (empty when it is valid). */
export function checkRequest(
  plan: ValidationPlan,
  route: RoutePlan,
  operation: OperationPlan | null,
  request: RequestParts,
): string[] {
  const out: string[] = []
  const hasBody = request.body.bytes.length > 0
  if (operation !== null && hasBody) checkConsumes(operation, request, out)
  const parameters = operation?.parameters ?? route.parameters
  if (parameters.length > 0) {
    const values = new ParameterValues(request)
    for (const location of LOCATION_ORDER) {
      for (const parameter of parameters) {
        if (parameter.in !== location) continue
        checkParameter(parameter, values.of(parameter), isSecret(plan, parameter), out)
      }
    }
  }
  const body = operation?.body ?? null
  if (body !== null) {
    if (!hasBody) {
      if (body.required) out.push(violation('Required', 'body', '/', 'the body is required'))
    } else if (body.schema !== null) checkBody(body.schema, request.body, out)
  }
  return out
}

function checkConsumes(operation: OperationPlan, request: RequestParts, out: string[]): void {
  const consumes = operation.consumes
  if (consumes === null || consumes.length === 0) return
  const essence = mediaEssence(request.headers.get('content-type')) || 'application/octet-stream'
  if (mediaTypeListed(essence, consumes)) return
  out.push(violation('Consumes', 'header', 'content-type', `${quote(essence)} is not one of ${consumes.join(', ')}`))
}

function isSecret(plan: ValidationPlan, parameter: ParameterPlan): boolean {
  if (parameter.in === 'header') {
    const name = parameter.name.toLowerCase()
    return SECRET_HEADERS.has(name) || plan.secretHeaders.includes(name)
  }
  return parameter.in === 'query' && plan.secretQuery.includes(parameter.name)
}

/** The occurrences of each declared parameter, parsed once per request when first needed. */
class ParameterValues {
  #query: [string, string][] | undefined
  #files: string[] | undefined

  constructor(readonly request: RequestParts) {}

  of(parameter: ParameterPlan): readonly string[] {
    const name = parameter.name
    switch (parameter.in) {
      case 'path': {
        const found = this.request.params.find(([key]) => key === name)
        return found === undefined ? [] : [found[1]]
      }
      case 'query':
        this.#query ??= this.request.query === null ? [] : parseFormEncoded(this.request.query)
        return valuesNamed(this.#query, name)
      case 'header': {
        const value = this.request.headers.get(name.toLowerCase())
        return value === undefined ? [] : [value]
      }
      case 'formData':
        if (parameter.type === 'file') return this.#fileNames().includes(name) ? [''] : []
        return this.request.post === null ? [] : valuesNamed(this.request.post, name)
    }
  }

  #fileNames(): string[] {
    if (this.#files === undefined) {
      const body = this.request.body
      this.#files =
        body.essence === 'multipart/form-data' && body.mediaType !== null
          ? multipartFileNames(body.bytes, body.mediaType)
          : []
    }
    return this.#files
  }
}

function valuesNamed(pairs: readonly (readonly [string, string])[], name: string): string[] {
  const values: string[] = []
  for (const [key, value] of pairs) if (key === name) values.push(value)
  return values
}
