/**
 * compiler/schemas: the Swagger dialect translated for ajv (validation.md VA24, VA27-VA30), references
 * collected into named slots, and the error entries of VA32a produced from the validators' errors.
 */
import { afterAll, describe, expect, it } from 'vitest'

import { createSourceFile } from '../../../../compiler/diagnostics/source.js'
import { compileInMemory } from '../../../../compiler/emit/standalone.js'
import type { PlainJson } from '../../../../compiler/ir/definition.js'
import { SchemaRegistry } from '../../../../compiler/schemas/registry.js'
import { translateSchema } from '../../../../compiler/schemas/translate.js'
import { checkBody } from '../../../../runtime/validate/body.js'
import { Content } from '../../../../runtime/values/content.js'
import { cleanupSites, lines, loadDefinitionFiles } from '../../runtime/validate/helpers.js'

afterAll(cleanupSites)

const identity = (ref: string) => ref

/** The entries of validating `body` (JSON text) against `schema` written in the definition file. */
function entries(schema: PlainJson, body: string, definitions: Record<string, PlainJson> = {}): string[] {
  const file = createSourceFile('/site/definition.yaml', '')
  const registry = new SchemaRegistry([{ kind: 'document', file, value: { definitions }, locs: new Map() }])
  const translated = registry.translate(schema, file)
  const validate = compileInMemory(registry.definitions(), new Map([['entry', translated]])).get('entry')!
  const out: string[] = []
  checkBody({ validate, acceptsText: false }, Content.fromText(body, 'application/json'), out)
  return out
}

describe('VA28-VA30 translation', () => {
  it('VA29, CC26: annotations, x- keys and unknown keywords are dropped; VA27 unchecked formats too', () => {
    const schema = {
      type: 'string',
      title: 't',
      description: 'd',
      example: 'e',
      default: 'x',
      readOnly: true,
      xml: { name: 'a' },
      externalDocs: { url: 'u' },
      'x-extra': 1,
      maxLenght: 3,
      format: 'password',
      id: 'i',
      $schema: 's',
    }
    expect(translateSchema(schema, identity)).toEqual({ type: 'string' })
    expect(translateSchema({ format: 'uuid' }, identity)).toEqual({ format: 'uuid' })
  })

  it('VA24: type file accepts anything', () => {
    expect(translateSchema({ type: 'file' }, identity)).toEqual({})
    expect(translateSchema({ type: ['file', 'string'] }, identity)).toEqual({})
  })

  it('VA29: x-nullable true wraps the schema; false has no effect', () => {
    expect(translateSchema({ type: 'integer', 'x-nullable': true }, identity)).toEqual({
      svcNullOr: { type: 'integer' },
    })
    expect(translateSchema({ type: 'integer', 'x-nullable': false }, identity)).toEqual({ type: 'integer' })
  })

  it('draft-04: exclusive flags are kept only with their limit; an empty required list is dropped', () => {
    expect(
      translateSchema({ exclusiveMinimum: true, maximum: 3, exclusiveMaximum: true, required: [] }, identity),
    ).toEqual({ maximum: 3, exclusiveMaximum: true })
  })

  it('property names are data: __proto__ stays an ordinary member', () => {
    const translated = translateSchema(
      JSON.parse('{"properties": {"__proto__": {"type": "string"}}}') as PlainJson,
      identity,
    ) as Record<string, Record<string, unknown>>
    expect(Object.keys(translated['properties']!)).toEqual(['__proto__'])
  })

  it('VA30: references to other files are collected into named slots, cycles included', () => {
    const definition = loadDefinitionFiles({
      'definition.yaml': lines(
        'swagger: "2.0"',
        'paths: {}',
        'definitions:',
        '  Tree:',
        '    type: object',
        '    properties:',
        '      kids: { type: array, items: { $ref: "#/definitions/Tree" } }',
        '      owner: { $ref: "common/people.yaml#/definitions/Person" }',
      ),
      'common/people.yaml': lines('definitions:', '  Person:', '    type: object', '    required: [name]'),
    })
    const registry = new SchemaRegistry(definition.documents)
    const file = definition.file
    expect(registry.translate({ $ref: '#/definitions/Tree' }, file)).toEqual({
      $ref: 'svc-definitions#/definitions/Tree',
    })
    expect(registry.definitions()).toEqual({
      Tree: {
        type: 'object',
        properties: {
          kids: { type: 'array', items: { $ref: 'svc-definitions#/definitions/Tree' } },
          owner: { $ref: 'svc-definitions#/definitions/people.Person' },
        },
      },
      'people.Person': { type: 'object', required: ['name'] },
    })
  })
})

describe('VA32a entries from schema errors', () => {
  const CASES: [string, PlainJson, string, string[]][] = [
    [
      'Required',
      { type: 'object', required: ['a'] },
      '{}',
      ['Required constraint violated in body for /a: the property is required'],
    ],
    ['Type (root)', { type: 'object' }, '[1]', ["Type constraint violated in body for /: '[1]' is not an object"]],
    [
      'Type (list)',
      { type: ['string', 'null'] },
      '1',
      ["Type constraint violated in body for /: '1' is not one of string, null"],
    ],
    [
      'Format',
      { format: 'date' },
      '"2023-02-29"',
      ["Format constraint violated in body for /: '2023-02-29' is not a valid date"],
    ],
    ['Pattern', { pattern: '^a' }, '"b"', ["Pattern constraint violated in body for /: 'b' does not match '^a'"]],
    ['Enum', { enum: [1, 2] }, '3', ["Enum constraint violated in body for /: '3' is not an allowed value"]],
    [
      'Const',
      { const: { a: 1 } },
      '{"a":2}',
      ['Const constraint violated in body for /: \'{"a":2}\' is not an allowed value'],
    ],
    ['Minimum', { minimum: 2 }, '1', ["Minimum constraint violated in body for /: '1' is less than 2"]],
    [
      'Maximum (exclusive)',
      { maximum: 2, exclusiveMaximum: true },
      '2',
      ["Maximum constraint violated in body for /: '2' is not less than 2"],
    ],
    [
      'MinLength (code points)',
      { minLength: 3 },
      '"😀😀"',
      ["MinLength constraint violated in body for /: '😀😀' is shorter than 3 characters"],
    ],
    [
      'MaxLength',
      { maxLength: 1 },
      '"ab"',
      ["MaxLength constraint violated in body for /: 'ab' is longer than 1 characters"],
    ],
    [
      'MinItems',
      { minItems: 2 },
      '[1]',
      ['MinItems constraint violated in body for /: the array has fewer than 2 items'],
    ],
    [
      'MaxItems',
      { maxItems: 0 },
      '[1]',
      ['MaxItems constraint violated in body for /: the array has more than 0 items'],
    ],
    [
      'UniqueItems',
      { uniqueItems: true },
      '[{"a":1},{"a":1}]',
      ['UniqueItems constraint violated in body for /: the array has duplicate items'],
    ],
    [
      'Contains (only its own entry)',
      { contains: { type: 'integer', minimum: 5 } },
      '[1, "x"]',
      ['Contains constraint violated in body for /: no array item matches the required schema'],
    ],
    [
      'MultipleOf',
      { multipleOf: 3 },
      '4',
      ["MultipleOf constraint violated in body for /: '4' is not a multiple of 3"],
    ],
    [
      'MinProperties',
      { minProperties: 1 },
      '{}',
      ['MinProperties constraint violated in body for /: the object has fewer than 1 properties'],
    ],
    [
      'MaxProperties',
      { maxProperties: 0 },
      '{"a":1}',
      ['MaxProperties constraint violated in body for /: the object has more than 0 properties'],
    ],
    [
      'AdditionalProperties',
      { properties: { a: {} }, additionalProperties: false },
      '{"a":1,"b/c":2}',
      ['AdditionalProperties constraint violated in body for /b~1c: the property is not allowed'],
    ],
    [
      'Dependencies',
      { dependencies: { a: ['b'] } },
      '{"a":1}',
      ['Dependencies constraint violated in body for /: the property b is required when a is present'],
    ],
    [
      'PropertyNames (only its own entry)',
      { propertyNames: { maxLength: 2 } },
      '{"abc":1}',
      ["PropertyNames constraint violated in body for /: 'abc' is not an allowed property name"],
    ],
    [
      'AnyOf (only its own entry)',
      { anyOf: [{ type: 'string' }, { type: 'object', required: ['x'] }] },
      '{}',
      ['AnyOf constraint violated in body for /: the value matches none of the alternatives'],
    ],
    [
      'OneOf none',
      { oneOf: [{ type: 'string' }, { type: 'integer' }] },
      'true',
      ['OneOf constraint violated in body for /: the value matches none of the alternatives'],
    ],
    [
      'OneOf several',
      { oneOf: [{ type: 'number' }, { type: 'integer' }] },
      '1',
      ['OneOf constraint violated in body for /: the value matches more than one alternative'],
    ],
    [
      'Not',
      { not: { type: 'null' } },
      'null',
      ['Not constraint violated in body for /: the value matches a forbidden schema'],
    ],
    [
      'If/else (only its own entry)',
      { if: { type: 'string' }, then: { minLength: 9 }, else: { type: 'boolean' } },
      '1',
      ["If constraint violated in body for /: the value does not match the 'else' schema"],
    ],
    [
      'allOf reports its subschemas',
      { allOf: [{ minimum: 5 }, { multipleOf: 2 }] },
      '3',
      [
        "Minimum constraint violated in body for /: '3' is less than 5",
        "MultipleOf constraint violated in body for /: '3' is not a multiple of 2",
      ],
    ],
    [
      'VA28: keywords next to $ref apply',
      { $ref: '#/definitions/S', maxLength: 2 },
      '"abc"',
      ["MaxLength constraint violated in body for /: 'abc' is longer than 2 characters"],
    ],
    ['VA29: x-nullable beside $ref', { $ref: '#/definitions/S', 'x-nullable': true }, 'null', []],
    [
      'nested composite inside anyOf counts once',
      { anyOf: [{ oneOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'boolean' }] },
      'null',
      ['AnyOf constraint violated in body for /: the value matches none of the alternatives'],
    ],
    [
      'int32 range, int64 any integer',
      { type: 'array', items: [{ format: 'int32' }, { format: 'int64' }] },
      '[2147483648, 9007199254740993]',
      ["Format constraint violated in body for /0: '2147483648' is not a valid int32"],
    ],
  ]
  it.each(CASES)('VA32a: %s', (_, schema, body, want) =>
    expect(entries(schema, body, { S: { type: 'string' } })).toEqual(want),
  )
})

describe('VA27 formats', () => {
  const CASES: [string, string, boolean][] = [
    ['byte', 'aGk=', true],
    ['byte', 'aGk', false],
    ['date', '2024-02-29', true],
    ['date', '2023-02-29', false],
    ['date-time', '2024-01-01T10:00:00+01:00', true],
    ['date-time', '2024-01-01t10:00:00z', true],
    ['date-time', '2024-01-01T10:00:00', false],
    ['date-time', '2024-01-01 10:00:00Z', false],
    ['email', 'a@example.com', true],
    ['email', 'a@', false],
    ['hostname', 'api.example.com', true],
    ['hostname', '-bad-', false],
    ['ipv4', '10.0.0.1', true],
    ['ipv4', '10.0.0.256', false],
    ['ipv6', '::1', true],
    ['ipv6', '::g', false],
    ['uri', 'https://example.com/a?b', true],
    ['uri', '/relative', false],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000', true],
    ['uuid', '123e4567', false],
    ['binary', 'anything', true],
  ]
  it.each(CASES)('VA27: %s %j valid=%s', (format, value, valid) =>
    expect(entries({ format }, JSON.stringify(value))).toHaveLength(valid ? 0 : 1),
  )

  it('VA27: a string format ignores non-strings, a numeric format non-numbers', () => {
    expect(entries({ format: 'email' }, '42')).toEqual([])
    expect(entries({ format: 'int32' }, '"x"')).toEqual([])
  })
})
