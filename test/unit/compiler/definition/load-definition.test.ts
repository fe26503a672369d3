/**
 * What loadDefinition puts into the IR (definition.md): handler precedence H1-H3, flow references
 * (order, de-duplication, resolution against the writing file), basePath P6, D3/D4/D15 shapes, D9
 * merge keys, D13 `$ref`'d path items, D23 conventional default flow, VA1/VA2 settings, VA9
 * parameter merge, CORS defaults (O7), security schemes (A7).
 */
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import type { DefinitionNode, HandlerNode, OperationNode } from '../../../../compiler/ir/definition.js'
import { cleanupSites, lines, loadSite } from './site.js'

afterAll(cleanupSites)

const FLOWS = { 'flows/a.xml': '<flow/>', 'flows/b.xml': '<flow/>', 'flows/c.xml': '<flow/>', 'flows/d.xml': '<flow/>' }

function load(definition: string, extra: Record<string, string> = {}) {
  const loaded = loadSite({ ...FLOWS, ...extra, 'definition.yaml': definition })
  return { ...loaded, def: loaded.definition as DefinitionNode }
}

/** Site-relative flow of each route (or operation: `METHOD pattern`). */
function handlers(root: string, def: DefinitionNode): Record<string, string | null> {
  const rel = (handler: HandlerNode | null) =>
    handler === null ? null : handler.kind === 'proxy' ? 'x-svc-proxy' : handler.path.slice(root.length + 1)
  const out: Record<string, string | null> = {}
  for (const route of def.routes) {
    if (route.operations === null) out[route.pattern] = rel(route.handler)
    else for (const op of route.operations as OperationNode[]) out[`${op.method} ${route.pattern}`] = rel(op.handler)
  }
  return out
}

describe('handler selection (H1-H3)', () => {
  it('takes operation -> path -> paths -> top, most specific first', () => {
    const { root, def, diagnostics } = load(
      lines(
        'swagger: "2.0"',
        'x-svc-flow: flows/d.xml',
        'paths:',
        '  /top-only: {}',
        '  x-svc-flow: flows/c.xml',
        '  /cart:',
        '    x-svc-flow: flows/b.xml',
        '    get:',
        '    delete:',
        '      x-svc-flow: flows/a.xml',
        '  /health:',
      ),
    )
    expect(diagnostics).toEqual([])
    expect(handlers(root, def)).toEqual({
      '/top-only': 'flows/c.xml',
      'GET /cart': 'flows/b.xml',
      'DELETE /cart': 'flows/a.xml',
      '/health': 'flows/c.xml',
    })
  })

  it('uses the top-level flow as the last resort (H3)', () => {
    const { root, def } = load(lines('swagger: "2.0"', 'paths:', '  /x:', '    get:', 'x-svc-flow: flows/d.xml'))
    expect(handlers(root, def)).toEqual({ 'GET /x': 'flows/d.xml' })
  })

  it('resolves flows against the writing file; a leading / against the site root (H1)', () => {
    const { root, def, diagnostics } = load(
      lines(
        'swagger: "2.0"',
        'paths:',
        '  /a:',
        '    $ref: "sub/items.yaml#/a"',
        '  /b:',
        '    x-svc-flow: /flows/b.xml',
      ),
      {
        'sub/items.yaml': lines('a:', '  x-svc-flow: ../flows/a.xml', '  get:'),
      },
    )
    expect(diagnostics).toEqual([])
    expect(handlers(root, def)).toEqual({ 'GET /a': 'flows/a.xml', '/b': 'flows/b.xml' })
  })

  it('lets own keys of a $ref path item override the referenced ones', () => {
    const { root, def } = load(
      lines(
        'swagger: "2.0"',
        'paths:',
        '  /a:',
        '    $ref: "#/x-items/a"',
        '    x-svc-flow: flows/b.xml',
        'x-items:',
        '  a:',
        '    x-svc-flow: flows/a.xml',
        '    post:',
      ),
    )
    expect(handlers(root, def)).toEqual({ 'POST /a': 'flows/b.xml' })
  })
})

describe('flow references', () => {
  it('lists every flow once, in order of first reference, init/error/default included', () => {
    const { root, def } = load(
      lines(
        'swagger: "2.0"',
        'basePath: /api',
        'x-svc-init: flows/c.xml',
        'paths:',
        '  /a:',
        '    x-svc-flow: flows/b.xml',
        '  /b:',
        '    x-svc-flow: flows/c.xml',
        '    get:',
        '      x-svc-flow: flows/a.xml',
        'x-svc-error: { flow: flows/b.xml }',
        'x-svc-default-flow: flows/d.xml',
      ),
    )
    expect(def.flowRefs.map((r) => r.path.slice(root.length + 1))).toEqual([
      'flows/c.xml',
      'flows/b.xml',
      'flows/a.xml',
      'flows/d.xml',
    ])
    expect([def.initFlow?.path, def.errorFlow?.path, def.defaultFlow?.path]).toEqual(
      ['c', 'b', 'd'].map((n) => join(root, `flows/${n}.xml`)),
    )
  })

  it('normalises paths so that one file is one reference', () => {
    const { def } = load(
      lines(
        'swagger: "2.0"',
        'paths:',
        '  /a:',
        '    x-svc-flow: flows/../flows/a.xml',
        '  /b:',
        '    x-svc-flow: ./flows/a.xml',
      ),
    )
    expect(def.flowRefs).toHaveLength(1)
  })

  it('picks up conf/flow.xml as the default flow only when basePath is not / (D23)', () => {
    const conf = { 'conf/flow.xml': '<flow/>' }
    const withBase = load(lines('swagger: "2.0"', 'basePath: /api', 'paths: {}'), conf)
    expect(withBase.def.defaultFlow?.path).toBe(join(withBase.root, 'conf/flow.xml'))
    expect(withBase.diagnostics).toEqual(['definition.yaml:1:1: note: using conf/flow.xml as the default flow'])
    const atRoot = load(lines('swagger: "2.0"', 'paths: {}'), conf)
    expect([atRoot.def.defaultFlow, atRoot.def.flowRefs, atRoot.diagnostics]).toEqual([null, [], []])
  })
})

describe('definition shape', () => {
  it.each([
    ['/api/', '/api'],
    ['/', '/'],
    ['/a/b//', '/a/b'],
  ])('basePath %s is normalised to %s (P6)', (given, want) => {
    expect(load(lines('swagger: "2.0"', `basePath: ${given}`, 'paths: {}')).def.basePath).toBe(want)
  })

  it('defaults basePath to / and accepts the four-line minimal definition (D1)', () => {
    const { def, diagnostics } = load(lines('swagger: "2.0"', 'paths:', '  /ping:', '    x-svc-flow: flows/a.xml'))
    expect([def.basePath, diagnostics]).toEqual(['/', []])
  })

  it('keeps routes in definition order with segments and MA2 operation order (D3, D4, D15)', () => {
    const { def } = load(
      lines(
        'swagger: "2.0"',
        'x-svc-flow: flows/a.xml',
        'paths:',
        '  /u/{id}/x/:',
        '    patch: {}',
        '    get:',
        '  /files/**:',
        '  /:',
      ),
    )
    expect(
      def.routes.map((r) => [r.pattern, r.segments, r.wildcard, r.operations?.map((o) => o.method) ?? null]),
    ).toEqual([
      [
        '/u/{id}/x/',
        [
          { kind: 'literal', value: 'u' },
          { kind: 'param', name: 'id' },
          { kind: 'literal', value: 'x' },
          { kind: 'literal', value: '' },
        ],
        false,
        ['GET', 'PATCH'],
      ],
      ['/files/**', [{ kind: 'literal', value: 'files' }], true, null],
      ['/', [{ kind: 'literal', value: '' }], false, null],
    ])
  })

  it('expands merge keys and aliases before anything else (D9)', () => {
    const { root, def, diagnostics } = load(
      lines(
        'swagger: "2.0"',
        'x-base: &base',
        '  x-svc-flow: flows/a.xml',
        '  get:',
        'paths:',
        '  /a:',
        '    <<: *base',
        '    post:',
        '  /b: *base',
      ),
    )
    expect(diagnostics).toEqual([])
    expect(handlers(root, def)).toEqual({ 'GET /a': 'flows/a.xml', 'POST /a': 'flows/a.xml', 'GET /b': 'flows/a.xml' })
  })

  it('reads validation settings per level; a scalar sets both (VA1, VA2)', () => {
    const { def } = load(
      lines(
        'swagger: "2.0"',
        'x-svc-flow: flows/a.xml',
        'x-svc-validate: report-only',
        'paths:',
        '  /p:',
        '    x-svc-validate: { request: true }',
        '    post:',
        '      x-svc-validate: { response: false }',
      ),
    )
    const strip = (v: { request: unknown; response: unknown } | null) =>
      v && { request: v.request, response: v.response }
    expect(strip(def.validate)).toEqual({ request: 'report-only', response: 'report-only' })
    expect(strip(def.routes[0]!.validate)).toEqual({ request: true, response: null })
    expect(strip(def.routes[0]!.operations![0]!.validate)).toEqual({ request: null, response: false })
  })

  it('merges path-item and operation parameters, the operation winning (VA9)', () => {
    const { def, diagnostics } = load(
      lines(
        'swagger: "2.0"',
        'x-svc-flow: flows/a.xml',
        'parameters:',
        '  Limit: { name: limit, in: query, type: integer }',
        'paths:',
        '  /u/{id}:',
        '    parameters:',
        '      - { name: id, in: path, required: true, type: string }',
        '      - $ref: "#/parameters/Limit"',
        '    get:',
        '      parameters:',
        '        - { name: limit, in: query, type: string }',
        '        - { name: limit, in: header, type: string }',
      ),
    )
    expect(diagnostics).toEqual([])
    const params = def.routes[0]!.operations![0]!.parameters.map((p) => [p.name, p.in, p.type, p.required])
    expect(params).toEqual([
      ['id', 'path', 'string', true],
      ['limit', 'query', 'string', false],
      ['limit', 'header', 'string', false],
    ])
  })

  it('fills CORS defaults (O7) and reads security schemes (A7)', () => {
    const { def, diagnostics } = load(
      lines(
        'swagger: "2.0"',
        'x-svc-flow: flows/a.xml',
        'x-svc-cors:',
        '  allowed-origins: https://a.example.org',
        'securityDefinitions:',
        '  Jwt: { type: apiKey, in: header, name: Authorization, x-svc-jwt: { key: { env: K } } }',
        '  Doc: { type: oauth2 }',
        'security:',
        '  - Jwt: [read]',
        '  - {}',
        'paths: {}',
      ),
    )
    expect(diagnostics).toEqual([])
    expect(def.cors).toMatchObject({
      allowedOrigins: ['https://a.example.org'],
      allowCredentials: false,
      maxAge: 7200,
      exposeHeaders: [],
    })
    expect(def.securitySchemes.map((s) => [s.name, s.type, s.enforced])).toEqual([
      ['Jwt', 'apiKey', true],
      ['Doc', 'oauth2', false],
    ])
    expect(def.security?.alternatives.map((a) => a.map((u) => [u.name, u.scopes]))).toEqual([[['Jwt', ['read']]], []])
  })

  it('records every loaded document with a pointer -> position map (D13)', () => {
    const { root, def } = load(lines('swagger: "2.0"', 'paths:', '  /a:', '    $ref: "items.yaml#/a"'), {
      'items.yaml': lines('a:', '  x-svc-flow: flows/a.xml'),
    })
    expect(def.documents.map((d) => d.file.path)).toEqual([join(root, 'definition.yaml'), join(root, 'items.yaml')])
    const loc = def.documents[0]!.locs.get('/paths/~1a/$ref')!
    expect(def.documents[0]!.file.text.slice(loc.start, loc.start + 12)).toBe('"items.yaml#')
  })

  it('rejects a file that is not UTF-8, at 1:1 (D6)', () => {
    const { definition, diagnostics } = loadSite({
      'definition.yaml': Buffer.from('swagger: "2.0"\npaths: {}\n# caf\xe9\n', 'latin1'),
    })
    expect([definition, diagnostics]).toEqual([undefined, ['definition.yaml:1:1: error: the file is not valid UTF-8']])
  })

  it('returns undefined for an unreadable definition, reported at 1:1', () => {
    const { definition, diagnostics } = loadSite({}, 'missing.yaml')
    expect(definition).toBeUndefined()
    expect(diagnostics).toEqual(['missing.yaml:1:1: error: definition file not found'])
  })
})
