/**
 * The compiled validation data of a definition (validation.md VA1-VA31): what `src/validation.ts` of a
 * build exports and what the checks of runtime/validate read. Everything here is plain frozen data
 * made at build time plus the standalone schema validators ajv generated (VA31: no schema is compiled
 * at run time). Modes are kept per level so that the environment overrides of VA5 can replace the
 * top level when a gateway starts (VA4).
 */
import type { ValidationMode } from '../context/request-settings.js'
import type { MockTable } from '../mock/mock-table.js'
import type { RouteTable } from '../router/types.js'

export type { ValidationMode }

/** One error of a standalone validator (the ajv error object; only these members are read). */
export interface SchemaError {
  readonly instancePath: string
  readonly keyword: string
  readonly params: Readonly<Record<string, unknown>>
  /** Set on errors of a `propertyNames` subschema (the name being checked). */
  readonly propertyName?: string
}

/** A schema validator generated at build time: true when `data` is valid, else `errors` is set. */
export interface SchemaValidator {
  (data: unknown): boolean
  errors?: readonly SchemaError[] | null
}

/** Types of non-body parameters and response headers (VA11). */
export type ParameterType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'file'

/** `collectionFormat` values (VA11). */
export type CollectionFormat = 'csv' | 'ssv' | 'tsv' | 'pipes' | 'multi'

/** How an array value's items are converted (VA11: `items`, recursively). */
export interface ItemsPlan {
  readonly type: Exclude<ParameterType, 'file'>
  /** Splits this level's items when `type` is `array` (never `multi`). */
  readonly collectionFormat: Exclude<CollectionFormat, 'multi'>
  readonly items: ItemsPlan | null
}

/** A non-body parameter (VA9-VA14) or a declared response header (VA23). */
export interface ParameterPlan {
  readonly name: string
  readonly in: 'path' | 'query' | 'header' | 'formData'
  readonly required: boolean
  /** The declared type; a missing `type` is checked like a string. */
  readonly type: ParameterType
  readonly collectionFormat: CollectionFormat
  readonly items: ItemsPlan | null
  /** VA13: an empty value passes all constraints. */
  readonly allowEmptyValue: boolean
  /** The constraints on the converted value (VA12); null when there are none. */
  readonly validate: SchemaValidator | null
}

/** The schema a body is checked against (VA16, VA24). */
export interface BodySchemaPlan {
  readonly validate: SchemaValidator
  /** The schema's `type` is `string` or absent: a non-JSON body is validated as text (VA16). */
  readonly acceptsText: boolean
}

/** The `body` parameter of an operation (VA10, VA16, VA17). */
export interface BodyPlan {
  readonly required: boolean
  /** null when the parameter has no schema: only presence is checked. */
  readonly schema: BodySchemaPlan | null
}

/** A response object (VA21-VA24). */
export interface ResponsePlan {
  /** null: the body is not restricted (no `schema`, or `type: file`, VA24). */
  readonly schema: BodySchemaPlan | null
  readonly headers: readonly ParameterPlan[]
}

export interface OperationPlan {
  /** The operation's own `x-svc-validate` values (VA4); null when not set there. */
  readonly request: ValidationMode | null
  readonly response: ValidationMode | null
  /** Effective `consumes` / `produces` (operation's, else top level's); null when not declared (VA15, VA22). */
  readonly consumes: readonly string[] | null
  readonly produces: readonly string[] | null
  /** Non-body parameters in merged order (VA9). */
  readonly parameters: readonly ParameterPlan[]
  readonly body: BodyPlan | null
  /** By status code or `default`; null when the operation has no `responses` (VA25). */
  readonly responses: ReadonlyMap<string, ResponsePlan> | null
  /**
   * Upstream definitions only (VA42): the effective security requirement as alternatives (OR) of
   * credential sets (AND); null or absent when nothing is required.
   */
  readonly credentials?: readonly (readonly CredentialPlan[])[] | null
}

/** A credential an upstream request must carry (VA42): an apiKey header or query parameter, or `Authorization`. */
export interface CredentialPlan {
  /** The security scheme's name. */
  readonly scheme: string
  readonly kind: 'header' | 'query' | 'basic' | 'oauth2'
  /** The header or query parameter name (`Authorization` for basic and oauth2). */
  readonly name: string
}

export interface RoutePlan {
  /** The path item's own `x-svc-validate` values (VA4). */
  readonly request: ValidationMode | null
  readonly response: ValidationMode | null
  /** Path-level `path` parameters, checked for a route without operations (VA6). */
  readonly parameters: readonly ParameterPlan[]
  /** By upper-case method; null for a route without operations (D4). */
  readonly operations: ReadonlyMap<string, OperationPlan> | null
}

/** A definition compiled for upstream validation (VA39-VA42): its routing and its plan. */
export interface UpstreamDefinition {
  /** Site-relative file of the definition (for messages). */
  readonly file: string
  readonly basePath: string
  readonly routes: RouteTable
  readonly validation: ValidationPlan
  /** The examples of `200` responses, for `mock-response` (upstream.md UP-MOCK-1); absent when there are none. */
  readonly mocks?: MockTable
}

/** Everything request and response validation needs about one definition. */
export interface ValidationPlan {
  /** Top-level `x-svc-validate` values; replaced by SVC_VALIDATE_* at start (VA5). */
  readonly request: ValidationMode | null
  readonly response: ValidationMode | null
  /** Routes by their pattern as written in the definition. */
  readonly routes: ReadonlyMap<string, RoutePlan>
  /**
   * VA34: lower-case header names and query parameter names that an enforced security scheme reads a
   * token from; their values are never quoted.
   */
  readonly secretHeaders: readonly string[]
  readonly secretQuery: readonly string[]
}
