/**
 * The documentation table is complete and agrees with the tables the compiler checks with: the
 * ACTIONS registry (whose attribute names, required attributes and test actions are read from the
 * table itself, compiler/flow/action-facts.ts), the runtime's extension functions and the extension
 * levels of the definition loader.
 */
import { describe, expect, it } from 'vitest'

import { EXTENSION_LEVELS } from '../../../../compiler/definition/extensions.js'
import { ACTIONS } from '../../../../compiler/flow/actions/index.js'
import { CONTROL_NAMES, ELEMENT_NAMES } from '../../../../compiler/flow/elements.js'
import { DOCUMENTED_EXTENSIONS } from '../../../../compiler/language/extension-docs.js'
import { DOCUMENTED_FUNCTIONS } from '../../../../compiler/language/function-docs.js'
import {
  ACTION_DOCS,
  actionDoc,
  CONTROL_DOCS,
  controlDoc,
  type ElementDoc,
  elementDoc,
  EXTENSION_DOCS,
  extensionDoc,
  FUNCTION_DOCS,
  functionDoc,
} from '../../../../compiler/language/index.js'
import { EXTENSION_FUNCTIONS } from '../../../../runtime/xpath/registry.js'

const sorted = (items: Iterable<string>): string[] => [...items].sort()

describe('ACTION_DOCS', () => {
  it('documents exactly the actions of the registry', () => {
    expect(sorted(Object.keys(ACTION_DOCS))).toEqual(sorted(Object.keys(ACTIONS)))
  })

  for (const entry of Object.values(ACTIONS)) {
    it(`<${entry.name}>: accepts the common if and debug, and names its rule`, () => {
      const doc = ACTION_DOCS[entry.name]
      expect(Object.keys(doc.attributes)).toEqual(expect.arrayContaining(['if', 'debug']))
      expect(doc.spec).toMatch(new RegExp(`^ACT-${entry.name}-\\d+$`))
    })
  }

  it('gives allowed values exactly for boolean and enum attributes', () => {
    const all = (doc: ElementDoc): [string, ElementDoc][] => [
      ['', doc],
      ...Object.values(doc.children ?? {}).flatMap(all),
    ]
    for (const [, doc] of Object.values({ ...ACTION_DOCS, ...CONTROL_DOCS }).flatMap(all)) {
      for (const attribute of Object.values(doc.attributes)) {
        expect(attribute.values !== undefined).toBe(attribute.kind === 'boolean' || attribute.kind === 'enum')
        if (attribute.kind === 'boolean') expect(attribute.values).toEqual(['true', 'false'])
        expect(attribute.summary).toMatch(/^[A-Z`].*\.$/)
      }
      expect(doc.summary).toMatch(/^[A-Z`].*\.$/)
    }
  })
})

describe('CONTROL_DOCS', () => {
  it('documents the roots, the control elements and backend-flow: with the actions, every element name of a flow', () => {
    expect(sorted(Object.keys(CONTROL_DOCS))).toEqual(sorted(['flow', 'svc-test', ...CONTROL_NAMES, 'backend-flow']))
    const documented = new Set([...Object.keys(ACTION_DOCS), ...Object.keys(CONTROL_DOCS)])
    for (const name of ELEMENT_NAMES) expect(documented.has(name), name).toBe(true)
  })

  it('gives if, break and return no debug attribute (F-CTL-9), and only if/elseif a test', () => {
    for (const name of ['if', 'elseif', 'else', 'break', 'return'] as const)
      expect(Object.keys(CONTROL_DOCS[name].attributes)).not.toContain('debug')
    expect(CONTROL_DOCS.if.attributes['test']?.required).toBe(true)
    expect(CONTROL_DOCS.elseif.attributes['test']?.required).toBe(true)
    expect(Object.keys(CONTROL_DOCS.else.attributes)).toEqual([])
  })
})

describe('FUNCTION_DOCS', () => {
  it('documents exactly the functions of the runtime table, with its arities and rule', () => {
    expect(sorted(Object.keys(FUNCTION_DOCS))).toEqual(sorted(EXTENSION_FUNCTIONS.keys()))
    expect(sorted(DOCUMENTED_FUNCTIONS)).toEqual(sorted(EXTENSION_FUNCTIONS.keys()))
    for (const [name, spec] of EXTENSION_FUNCTIONS) {
      const doc = FUNCTION_DOCS[name]!
      expect(doc.minArgs).toBe(spec.min)
      expect(doc.maxArgs).toBe(spec.max)
      expect(doc.spec).toBe(spec.rule)
      expect(doc.signature.startsWith(`${name}(`), name).toBe(true)
      expect(doc.signature).toContain(' → ')
    }
  })

  it('writes as many parameters in each signature as the function takes at most', () => {
    for (const [name, doc] of Object.entries(FUNCTION_DOCS)) {
      const params = doc.signature.slice(name.length + 1, doc.signature.lastIndexOf(') →'))
      const count = params === '' ? 0 : params.split(', ').length
      if (doc.maxArgs === Infinity) expect(params, name).toContain('…')
      else expect(count, name).toBe(doc.maxArgs)
    }
  })
})

describe('EXTENSION_DOCS', () => {
  it('documents exactly the extensions the definition loader knows, at its levels', () => {
    expect(sorted(Object.keys(EXTENSION_DOCS))).toEqual(sorted(Object.keys(EXTENSION_LEVELS)))
    expect(sorted(DOCUMENTED_EXTENSIONS)).toEqual(sorted(Object.keys(EXTENSION_LEVELS)))
    for (const [key, levels] of Object.entries(EXTENSION_LEVELS)) expect(EXTENSION_DOCS[key]!.levels).toEqual(levels)
  })

  it('marks the scheme extensions with their scheme type', () => {
    for (const [key, doc] of Object.entries(EXTENSION_DOCS))
      expect(doc.schemeType !== undefined, key).toBe(doc.levels.includes('scheme'))
  })
})

describe('lookups', () => {
  it('find documented names and nothing else, not even inherited properties', () => {
    expect(actionDoc('regex')?.spec).toBe('ACT-regex-1')
    expect(actionDoc('if')).toBeUndefined()
    expect(actionDoc('toString')).toBeUndefined()
    expect(controlDoc('elseif')?.spec).toBe('F-CTL-2')
    expect(controlDoc('eval')).toBeUndefined()
    expect(elementDoc('backend-flow')?.testOnly).toBe(true)
    expect(elementDoc('eval')?.body).toBe('expression')
    expect(functionDoc('matches')?.signature).toBe(
      "matches(string $input, string $pattern, string $flags = '') → boolean",
    )
    expect(functionDoc('constructor')).toBeUndefined()
    expect(extensionDoc('x-svc-cors')?.levels).toEqual(['top'])
    expect(extensionDoc('x-svc-flwo')).toBeUndefined()
  })
})
