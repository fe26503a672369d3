/**
 * The JSON Schema (draft-07, what yaml-language-server and VS Code's JSON support read best) of a
 * definition: the Swagger 2.0 structure in the slimline dialect (definition.md D1-D18) plus every
 * `x-svc-*` extension at the levels where it is recognized (EXTENSION_DOCS, definition.md section 3),
 * with descriptions from the documentation table. At each level that can carry extensions, other
 * `x-` keys are free (D21) and an `x-svc-*` key the level does not recognize is rejected (D19, D20);
 * inside schemas, parameters, responses and examples anything goes (D22). The schema also rejects
 * what the compiler ignores with a warning (unknown keys, an unquoted `2.0`), so an editor shows it.
 */
import { EXTENSION_DOCS, type ExtensionDoc, type ExtensionLevel } from './extension-docs.js'

type JsonSchema = { readonly [key: string]: unknown }

/** Other `x-` keys: anything but our prefix (D21). */
const FOREIGN_EXTENSION = '^x-(?!svc-)'
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const

const flowFile: JsonSchema = { type: 'string', minLength: 1 }
const flowReference: JsonSchema = {
  anyOf: [
    flowFile,
    { type: 'object', properties: { flow: flowFile }, required: ['flow'], additionalProperties: false },
  ],
}
const envReference: JsonSchema = {
  type: 'object',
  properties: { env: { type: 'string', minLength: 1 } },
  required: ['env'],
  additionalProperties: false,
}
const stringOrEnv: JsonSchema = { anyOf: [{ type: 'string' }, envReference] }
/** security.md J4: a scalar, or exactly one of value, env, file. */
const valueSource: JsonSchema = {
  anyOf: [
    { type: ['string', 'number', 'boolean'] },
    {
      type: 'object',
      properties: {
        value: { type: ['string', 'number', 'boolean'] },
        env: { type: 'string', minLength: 1 },
        file: { type: 'string', minLength: 1 },
      },
      minProperties: 1,
      maxProperties: 1,
      additionalProperties: false,
    },
  ],
}
const validationMode: JsonSchema = { enum: [true, false, 'report-only'] }
const stringOrStrings: JsonSchema = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }
const rateLimitPolicy: JsonSchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1 },
    window: { type: 'integer', minimum: 1 },
    key: { type: 'string', pattern: '^(client-ip|header:.+|jwt:.+|.*\\$.*)$' },
    name: { type: 'string', pattern: '^[\\x21\\x23-\\x5b\\x5d-\\x7e]+$' },
  },
  required: ['limit', 'window', 'key'],
  additionalProperties: false,
}

const seconds: JsonSchema = { type: 'number', exclusiveMinimum: 0 }
const poolTargetUrl: JsonSchema = { type: 'string', pattern: '^https?://[^/?#@]+/?$' }
const upstreamPool: JsonSchema = {
  type: 'object',
  properties: {
    targets: {
      anyOf: [
        {
          type: 'array',
          minItems: 1,
          items: {
            anyOf: [
              poolTargetUrl,
              {
                type: 'object',
                properties: { url: poolTargetUrl, weight: { type: 'integer', minimum: 1, maximum: 1000 } },
                required: ['url'],
                additionalProperties: false,
              },
            ],
          },
        },
        {
          type: 'object',
          properties: { env: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$' } },
          required: ['env'],
          additionalProperties: false,
        },
      ],
    },
    balance: { enum: ['round-robin', 'least-requests', 'hash'] },
    'hash-key': { type: 'string', pattern: '^(client-ip|header:.+|jwt:.+|.*\\$.*)$' },
    'health-check': {
      type: 'object',
      properties: {
        path: { type: 'string', pattern: '^/' },
        interval: seconds,
        timeout: seconds,
        healthy: { type: 'integer', minimum: 1, maximum: 100 },
        unhealthy: { type: 'integer', minimum: 1, maximum: 100 },
      },
      required: ['path'],
      additionalProperties: false,
    },
    passive: {
      anyOf: [
        { const: false },
        {
          type: 'object',
          properties: {
            failures: { type: 'integer', minimum: 1, maximum: 1000 },
            'cool-down': seconds,
            'max-cool-down': seconds,
          },
          additionalProperties: false,
        },
      ],
    },
    retries: { type: 'integer', minimum: 0, maximum: 10 },
    'retry-delay': seconds,
    'retry-non-idempotent': { type: 'boolean' },
  },
  required: ['targets'],
  additionalProperties: false,
}

/** The value of each extension (definition.md section 3 and the rules it names). */
const EXTENSION_VALUES: Readonly<Record<string, JsonSchema>> = {
  'x-svc-flow': flowFile,
  'x-svc-proxy': {
    type: 'object',
    properties: {
      origin: stringOrEnv,
      url: stringOrEnv,
      stripEndpoint: { type: 'boolean' },
      addPrefix: stringOrEnv,
      query: {},
      headers: { type: 'object' },
      cookies: { type: ['object', 'array'] },
      options: { type: 'object' },
    },
    oneOf: [{ required: ['origin'] }, { required: ['url'] }],
    additionalProperties: false,
  },
  'x-svc-init': flowReference,
  'x-svc-error': flowReference,
  'x-svc-default-flow': flowFile,
  'x-svc-cors': {
    type: 'object',
    properties: {
      'allowed-origins': stringOrStrings,
      'allow-credentials': { type: 'boolean' },
      'max-age': { type: 'integer', minimum: 0 },
      'expose-headers': stringOrStrings,
    },
    required: ['allowed-origins'],
    additionalProperties: false,
  },
  'x-svc-validate': {
    anyOf: [
      validationMode,
      {
        type: 'object',
        properties: { request: validationMode, response: validationMode },
        additionalProperties: false,
      },
    ],
  },
  'x-svc-rate-limit': {
    anyOf: [rateLimitPolicy, { type: 'array', items: rateLimitPolicy, minItems: 1 }],
  },
  'x-svc-rate-limit-headers': { enum: ['ietf', 'legacy', 'none'] },
  'x-svc-upstreams': {
    type: 'object',
    propertyNames: { pattern: '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$', not: { const: 'localhost' } },
    additionalProperties: upstreamPool,
  },
  'x-svc-jwt': {
    type: 'object',
    properties: {
      key: valueSource,
      alg: valueSource,
      'out-var': { type: 'string' },
      'out-header': { type: 'string' },
      claims: { type: 'object', additionalProperties: valueSource },
      'scope-claim': { type: 'string', minLength: 1 },
      'post-check-flow': flowFile,
    },
    required: ['key'],
    additionalProperties: false,
  },
  'x-svc-cookiename': { type: 'string', minLength: 1 },
  'x-svc-basicauth': {
    type: 'object',
    properties: {
      users: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            user: { type: 'string' },
            password: valueSource,
            sha256: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
          },
          required: ['user'],
          oneOf: [{ required: ['password'] }, { required: ['sha256'] }],
        },
      },
      credentials: valueSource,
      realm: { type: 'string' },
      'out-var': { type: 'string' },
    },
    anyOf: [{ required: ['users'] }, { required: ['credentials'] }],
    additionalProperties: false,
  },
}

function extensionDescription(doc: ExtensionDoc): string {
  const where = doc.schemeType === undefined ? '' : ` Only in a security scheme of type ${doc.schemeType}.`
  return `${doc.summary} Value: ${doc.value}.${where} (${doc.spec})`
}

/** The extensions recognized at `level`, each with its value schema and description. */
function extensionsAt(level: ExtensionLevel): Record<string, JsonSchema> {
  const properties: Record<string, JsonSchema> = {}
  for (const [key, doc] of Object.entries(EXTENSION_DOCS)) {
    if (!doc.levels.includes(level)) continue
    const value = EXTENSION_VALUES[key]
    if (value === undefined) throw new Error(`no value schema for ${key} (compiler/language/definition-schema.ts)`)
    properties[key] = { ...value, description: extensionDescription(doc) }
  }
  return properties
}

/** An object that may carry the extensions of `level`: foreign `x-` keys free, unknown keys rejected. */
function withExtensions(
  level: ExtensionLevel,
  properties: Record<string, JsonSchema>,
  more: JsonSchema = {},
): JsonSchema {
  return {
    type: 'object',
    properties: { ...properties, ...extensionsAt(level) },
    patternProperties: {
      [FOREIGN_EXTENSION]: {},
      ...((more['patternProperties'] as Record<string, JsonSchema> | undefined) ?? {}),
    },
    additionalProperties: false,
    ...Object.fromEntries(Object.entries(more).filter(([key]) => key !== 'patternProperties')),
  }
}

const ref = (name: string): JsonSchema => ({ $ref: `#/definitions/${name}` })
const strings: JsonSchema = { type: 'array', items: { type: 'string' } }
const text = (description: string): JsonSchema => ({ type: 'string', description })

const SECURITY_REQUIREMENTS: JsonSchema = {
  type: 'array',
  description:
    'Security requirements: alternatives, each naming schemes of securityDefinitions with their scopes (security.md A1-A11).',
  items: { type: 'object', additionalProperties: strings },
}

const DEFINITIONS: Record<string, JsonSchema> = {
  schema: {
    type: ['object', 'boolean'],
    description: 'A Swagger 2.0 schema object (validation.md); x-svc- keys inside it are data (D22).',
  },
  parameter: {
    type: 'object',
    description: 'A Swagger 2.0 parameter object, or a $ref to #/parameters/<name>.',
    properties: {
      $ref: { type: 'string' },
      name: { type: 'string' },
      in: { enum: ['query', 'header', 'path', 'formData', 'body'] },
      description: { type: 'string' },
      required: { type: 'boolean' },
      schema: ref('schema'),
      type: { enum: ['string', 'number', 'integer', 'boolean', 'array', 'file'] },
      format: { type: 'string' },
      allowEmptyValue: { type: 'boolean' },
      items: { type: 'object' },
      collectionFormat: { enum: ['csv', 'ssv', 'tsv', 'pipes', 'multi'] },
      example: {},
    },
    anyOf: [{ required: ['$ref'] }, { required: ['name', 'in'] }],
  },
  parameters: { type: 'array', items: ref('parameter') },
  response: {
    type: 'object',
    description: 'A Swagger 2.0 response object, or a $ref to #/responses/<name>.',
    properties: {
      $ref: { type: 'string' },
      description: { type: 'string' },
      schema: ref('schema'),
      headers: { type: 'object' },
      examples: { type: 'object' },
    },
  },
  responses: {
    type: 'object',
    description: 'Responses by status code or default (optional in the slimline dialect, D2).',
    patternProperties: { '^([1-5][0-9][0-9]|default)$': ref('response'), [FOREIGN_EXTENSION]: {} },
    additionalProperties: false,
  },
  operation: {
    anyOf: [
      { type: 'null', description: 'An empty operation still declares the method (D3).' },
      withExtensions('operation', {
        tags: strings,
        summary: { type: 'string' },
        description: { type: 'string' },
        externalDocs: { type: 'object' },
        operationId: { type: 'string' },
        consumes: strings,
        produces: strings,
        parameters: ref('parameters'),
        responses: ref('responses'),
        schemes: strings,
        deprecated: { type: 'boolean' },
        security: SECURITY_REQUIREMENTS,
      }),
    ],
  },
  pathItem: {
    anyOf: [
      { type: 'null', description: 'A path without operations or flow of its own (D15).' },
      withExtensions('path', {
        $ref: { type: 'string' },
        ...Object.fromEntries(METHODS.map((method) => [method, ref('operation')])),
        parameters: ref('parameters'),
        security: SECURITY_REQUIREMENTS,
        summary: { type: 'string' },
        description: { type: 'string' },
      }),
    ],
  },
  securityScheme: withExtensions(
    'scheme',
    {
      type: { enum: ['basic', 'apiKey', 'oauth2'] },
      description: { type: 'string' },
      name: { type: 'string' },
      in: { enum: ['header', 'query'] },
      flow: { enum: ['implicit', 'password', 'application', 'accessCode'] },
      authorizationUrl: { type: 'string' },
      tokenUrl: { type: 'string' },
      scopes: { type: 'object', additionalProperties: { type: 'string' } },
    },
    {
      required: ['type'],
      dependencies: { 'x-svc-cookiename': ['x-svc-jwt'] },
      allOf: [
        {
          if: { properties: { type: { const: 'apiKey' } } },
          else: { not: { anyOf: [{ required: ['x-svc-jwt'] }, { required: ['x-svc-cookiename'] }] } },
        },
        { if: { properties: { type: { const: 'basic' } } }, else: { not: { required: ['x-svc-basicauth'] } } },
      ],
    },
  ),
}

/** The schema as a JSON value (deterministic). */
export function definitionSchemaObject(): JsonSchema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'svc-gateway definition',
    description:
      'A Swagger 2.0 definition in the slimline dialect with the x-svc-* extensions of svc-gateway (definition.md).',
    ...withExtensions(
      'top',
      {
        swagger: { const: '2.0', description: 'Must be the string "2.0" (D10).' },
        info: { type: 'object', description: 'May be omitted (D1); ignored.' },
        host: text('Ignored (D12).'),
        basePath: text('Prefix of every API path (P7).'),
        schemes: strings,
        consumes: strings,
        produces: strings,
        paths: withExtensions(
          'paths',
          {},
          {
            patternProperties: { '^/': ref('pathItem') },
            description: 'Path patterns (starting with /) and extensions (D11).',
          },
        ),
        definitions: { type: 'object', additionalProperties: ref('schema') },
        parameters: { type: 'object', additionalProperties: ref('parameter') },
        responses: { type: 'object', additionalProperties: ref('response') },
        securityDefinitions: { type: 'object', additionalProperties: ref('securityScheme') },
        security: SECURITY_REQUIREMENTS,
        tags: { type: 'array' },
        externalDocs: { type: 'object' },
      },
      { required: ['swagger', 'paths'] },
    ),
    definitions: DEFINITIONS,
  }
}

/** The schema as JSON text, two-space indented, ending in a line break. */
export function definitionSchema(): string {
  return `${JSON.stringify(definitionSchemaObject(), null, 2)}\n`
}
