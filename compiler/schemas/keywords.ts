/**
 * The schema keywords the compiler adds to ajv (validation.md VA28, VA29, VA32a). They generate plain
 * code, so they survive ajv's standalone output:
 *
 * - `anyOf`, `oneOf`, `if` and `contains` replace ajv's own definitions with the same code and one more
 *   error parameter, `svcSubErrors`: how many errors of their subschemas precede their own error, so
 *   that only the keyword's own entry is reported (VA32a; runtime/validate/schema-errors.ts).
 * - `svcNullOr: S` validates `S` unless the value is `null` (`x-nullable: true`, VA29).
 * - `svcDiscriminator: {<definition>: S, ...}` with `svcDiscriminatorOf: {property, self}` applies a
 *   Swagger discriminator (VA29): for objects the property is required and a string naming one of the
 *   cases, whose schema then applies; other values (and objects whose property is wrong) are validated
 *   against the `self` case.
 */
import type { Ajv, CodeKeywordDefinition, KeywordDefinition } from 'ajv'
import type { KeywordErrorCxt } from 'ajv/dist/types/index.js'

import { DISCRIMINATOR_KEYWORD, SUB_ERRORS_PARAM } from '../../runtime/validate/schema-errors.js'

export const NULL_OR_KEYWORD = 'svcNullOr'
export const DISCRIMINATOR_OF_KEYWORD = 'svcDiscriminatorOf'

/**
 * ajv's code builder. It comes from the same (lazily loaded, compiler/emit/standalone.ts) copy of
 * ajv as the instance the keywords are added to: the names it builds must be that copy's.
 */
export type AjvCodegen = typeof import('ajv/dist/compile/codegen/index.js')

/** The keyword definitions, built with `codegen`. */
function keywordDefinitions({ _, getProperty, Name }: AjvCodegen) {
  /** The error counter of ajv's generated functions (ajv/dist/compile/names `errors`). */
  const ERRORS = new Name('errors')

  /** Composite keywords whose own error drops their subschemas' errors, with their original parameters. */
  const COMPOSITES: Readonly<Record<string, (cxt: KeywordErrorCxt) => ReturnType<typeof _>>> = {
    anyOf: (cxt) => _`{${SUB_ERRORS_PARAM}: ${ERRORS} - ${cxt.errsCount!}}`,
    oneOf: (cxt) => _`{passingSchemas: ${cxt.params['passing']!}, ${SUB_ERRORS_PARAM}: ${ERRORS} - ${cxt.errsCount!}}`,
    if: (cxt) => _`{failingKeyword: ${cxt.params['ifClause']!}, ${SUB_ERRORS_PARAM}: ${ERRORS} - ${cxt.errsCount!}}`,
    contains: (cxt) => _`{${SUB_ERRORS_PARAM}: ${ERRORS} - ${cxt.errsCount!}}`,
  }

  const NULL_OR: CodeKeywordDefinition = {
    keyword: NULL_OR_KEYWORD,
    schemaType: 'object',
    code(cxt) {
      const valid = cxt.gen.name('valid')
      cxt.gen.if(_`${cxt.data} !== null`, () => {
        cxt.subschema({ keyword: NULL_OR_KEYWORD }, valid)
      })
    },
  }

  const DISCRIMINATOR_OF: KeywordDefinition = { keyword: DISCRIMINATOR_OF_KEYWORD, schemaType: 'object' }

  const DISCRIMINATOR: CodeKeywordDefinition = {
    keyword: DISCRIMINATOR_KEYWORD,
    schemaType: 'object',
    error: {
      message: 'discriminator',
      params: ({ params }) => _`{property: ${params['property']!}, problem: ${params['problem']!}}`,
    },
    code(cxt) {
      const { gen, data } = cxt
      const { property, self } = (cxt.parentSchema as Record<string, { property: string; self: string }>)[
        DISCRIMINATOR_OF_KEYWORD
      ]!
      const cases = Object.keys(cxt.schema as object)
      const valid = gen.name('valid')
      const validateCase = (name: string) => () => {
        cxt.subschema({ keyword: DISCRIMINATOR_KEYWORD, schemaProp: name }, valid)
      }
      const fail = (problem: string) => () => {
        cxt.error(false, { property: _`${property}`, problem: _`${problem}` })
        validateCase(self)()
      }
      gen.if(_`${data} && typeof ${data} == "object" && !Array.isArray(${data})`)
      const tag = gen.const('tag', _`${data}${getProperty(property)}`)
      gen.if(_`${tag} === undefined`)
      fail('missing')()
      gen.elseIf(_`typeof ${tag} !== "string"`)
      fail('type')()
      for (const name of cases) {
        gen.elseIf(_`${tag} === ${name}`)
        validateCase(name)()
      }
      gen.else()
      fail('value')()
      gen.endIf()
      gen.else()
      validateCase(self)()
      gen.endIf()
    },
  }

  return { COMPOSITES, NULL_OR, DISCRIMINATOR_OF, DISCRIMINATOR }
}

/** Registers the keywords on a compiler-side ajv instance. */
export function addSchemaKeywords(ajv: Ajv, codegen: AjvCodegen): void {
  const { COMPOSITES, NULL_OR, DISCRIMINATOR_OF, DISCRIMINATOR } = keywordDefinitions(codegen)
  for (const [keyword, params] of Object.entries(COMPOSITES)) {
    const rule = ajv.RULES.all[keyword]
    if (typeof rule !== 'object') throw new Error(`ajv has no keyword ${keyword}`)
    const definition = rule.definition as CodeKeywordDefinition
    ajv.removeKeyword(keyword)
    ajv.addKeyword({ ...definition, error: { ...definition.error!, params } })
  }
  ajv.addKeyword(NULL_OR)
  ajv.addKeyword(DISCRIMINATOR_OF)
  ajv.addKeyword(DISCRIMINATOR)
}
