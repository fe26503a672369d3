/**
 * Compile-time checks of schemas that the definition stage leaves to validation (definition.md CC14;
 * validation.md VA29, VA31): a `discriminator` outside `definitions`, or naming a property its schema
 * does not list in `properties`, is an error at the `discriminator` value; an empty `enum` is an
 * invalid draft-04 schema. Every document of the definition is walked; values that are data (`enum`,
 * `default`, `example`, `x-` extensions) are not.
 */
import type { DiagnosticBag } from '../diagnostics/diagnostic.js'
import { locAt } from '../diagnostics/source.js'
import type { DefinitionNode, PlainJson, SourceDocumentNode } from '../ir/definition.js'

const DATA_KEYS = new Set(['enum', 'default', 'example', 'const'])

function isObject(value: PlainJson | undefined): value is { readonly [key: string]: PlainJson } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1')
}

export function checkSchemas(definition: DefinitionNode, bag: DiagnosticBag): void {
  for (const document of definition.documents) walk(document, document.value, '', bag)
}

function walk(document: SourceDocumentNode, value: PlainJson, pointer: string, bag: DiagnosticBag): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => walk(document, item, `${pointer}/${i}`, bag))
    return
  }
  if (!isObject(value)) return
  const at = (key: string) => document.locs.get(`${pointer}/${escape(key)}`) ?? locAt(document.file, 0)
  const discriminator = value['discriminator']
  if (typeof discriminator === 'string') {
    if (!/^\/definitions\/[^/]+$/.test(pointer)) {
      bag.error(
        'schema/invalid-discriminator',
        at('discriminator'),
        'invalid schema: a discriminator is only allowed in a schema under definitions',
      )
    } else if (!isObject(value['properties']) || !Object.hasOwn(value['properties'], discriminator)) {
      bag.error(
        'schema/invalid-discriminator',
        at('discriminator'),
        `invalid schema: discriminator ${JSON.stringify(discriminator)} is not listed in properties`,
      )
    }
  }
  if (Array.isArray(value['enum']) && value['enum'].length === 0 && pointer !== '') {
    bag.error('schema/invalid', at('enum'), 'invalid schema: "enum" must list at least one value')
  }
  for (const [key, member] of Object.entries(value)) {
    if (key.startsWith('x-') || DATA_KEYS.has(key)) continue
    walk(document, member, `${pointer}/${escape(key)}`, bag)
  }
}
