/**
 * The shared router cases (definition.md P1-P17, R3, R8) against tables built from hand-written route
 * data, plus the table's own contracts: Allow order (MA2), handlers per method, splitBasePath (P7, P8).
 */
import { describe, expect, it } from 'vitest'

import { CONTINUE } from '../../../../runtime/context/completion.js'
import type { FlowHandler } from '../../../../runtime/context/handler.js'
import {
  createRouteTable,
  matchRoute,
  type RouteSegmentSpec,
  routesOf,
  type RouteSpec,
  splitBasePath,
} from '../../../../runtime/router/index.js'
import { expectCase } from './check-router.js'
import { SCENARIOS } from './router-cases.js'

const HANDLER: FlowHandler = { kind: 'flow', file: 'flows/h.xml', run: async () => CONTINUE }

/** Route data for a valid pattern, as the compiler would emit it. */
function specOf(pattern: string, methods?: readonly string[]): RouteSpec {
  const wildcard = pattern.endsWith('/**')
  const body = wildcard ? pattern.slice(1, -3) : pattern.slice(1)
  const parts = wildcard && body === '' ? [] : body.split('/')
  const segments: RouteSegmentSpec[] = parts.map((part) =>
    /^\{.*\}$/.test(part) ? { param: part.slice(1, -1) } : part,
  )
  return {
    pattern,
    segments,
    wildcard,
    operations: methods ? methods.map((m) => [m.toUpperCase(), HANDLER] as const) : null,
    handler: methods ? null : HANDLER,
  }
}

describe('router cases against hand-built tables', () => {
  for (const scenario of SCENARIOS) {
    describe(scenario.name, () => {
      const table = createRouteTable(scenario.patterns.map((p) => specOf(p, scenario.operations?.[p])))
      it.each(scenario.cases.map((c) => [`${c.rule}: ${c.path}`, c] as const))('%s', (_, c) =>
        expectCase(table, scenario.basePath, c),
      )
    })
  }
})

describe('route table', () => {
  it('MA2: Allow lists methods in GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH order', () => {
    const table = createRouteTable([specOf('/cart', ['patch', 'delete', 'get', 'options', 'put', 'head', 'post'])])
    expect(matchRoute(table, '/cart')!.route.allow).toBe('GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH')
  })

  it('P4: a route without operations has no Allow list and one handler', () => {
    const route = matchRoute(createRouteTable([specOf('/any')]), '/any')!.route
    expect([route.allow, route.operations, route.handler]).toEqual(['', null, HANDLER])
  })

  it('keeps a null handler per method (H5)', () => {
    const table = createRouteTable([
      {
        ...specOf('/x', ['get']),
        operations: [
          ['GET', null],
          ['POST', HANDLER],
        ],
      },
    ])
    const route = matchRoute(table, '/x')!.route
    expect([...route.operations!]).toEqual([
      ['GET', null],
      ['POST', HANDLER],
    ])
    expect(route.allow).toBe('GET, POST')
  })

  it('lists routes in the given order', () => {
    const table = createRouteTable([specOf('/b'), specOf('/a/**')])
    expect(routesOf(table).map((r) => [r.pattern, r.wildcard])).toEqual([
      ['/b', false],
      ['/a/**', true],
    ])
  })

  it("rejects two routes for the same shape (P15 is the compiler's job)", () => {
    expect(() => createRouteTable([specOf('/u/{id}'), specOf('/u/{name}')])).toThrow(/duplicates/)
  })

  it('an invalid escape matches nothing instead of throwing', () => {
    expect(matchRoute(createRouteTable([specOf('/{x}')]), '/%zz')).toBeNull()
  })

  it('parameter names come from the matched pattern', () => {
    const table = createRouteTable([specOf('/u/{id}/a'), specOf('/u/{name}/b')])
    expect(matchRoute(table, '/u/7/b')!.params).toEqual([['name', '7']])
  })
})

describe('splitBasePath (P7, P8)', () => {
  const CASES: [string, string, string | null][] = [
    ['/', '/x/y', '/x/y'],
    ['/', '/', '/'],
    ['/api', '/api', '/'],
    ['/api', '/api/', '/'],
    ['/api', '/api/api', '/api'],
    ['/api', '/apix', null],
    ['/api', '/ap', null],
    ['/a/b', '/a/b/c', '/c'],
    ['/a/b', '/a/bc', null],
  ]
  it.each(CASES)('basePath %s, path %s -> %s', (basePath, path, want) =>
    expect(splitBasePath(basePath, path)).toBe(want),
  )
})
