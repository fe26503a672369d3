/**
 * The shared router case table (definition.md P1-P17, R2/R3/R8; seed.md 4.1 and the R3 table). The
 * same cases run against a table built from hand-written route data (router.test.ts) and against
 * the table compiled from a definition (compiled-router.test.ts).
 */

export interface RouterCase {
  /** The raw request path, including basePath. */
  readonly path: string
  /**
   * `outside`: not inside basePath (P7); `none`: no route (P18); otherwise the matched pattern,
   * its decoded parameters and `$request/endpoint`.
   */
  readonly want:
    | 'outside'
    | 'none'
    | { readonly pattern: string; readonly params?: Readonly<Record<string, string>>; readonly endpoint: string }
  /** The rule the case pins. */
  readonly rule: string
}

export interface RouterScenario {
  readonly name: string
  readonly basePath: string
  readonly patterns: readonly string[]
  /** Operations (lower-case keys) per pattern; patterns not listed have none (P4). */
  readonly operations?: Readonly<Record<string, readonly string[]>>
  readonly cases: readonly RouterCase[]
}

const at = (pattern: string, endpoint: string, params?: Record<string, string>) => ({
  pattern,
  endpoint,
  ...(params ? { params } : {}),
})

export const SCENARIOS: readonly RouterScenario[] = [
  {
    name: 'seed 4.1',
    basePath: '/',
    patterns: ['/foo', '/foo/{p}', '/foo/bar/**', '/foo/**', '/**'],
    cases: [
      { rule: 'seed 4.1 exact', path: '/foo', want: at('/foo', '/foo') },
      { rule: 'seed 4.1 parameter', path: '/foo/x', want: at('/foo/{p}', '/foo/x', { p: 'x' }) },
      { rule: 'P1 non-wildcard first', path: '/foo/bar', want: at('/foo/{p}', '/foo/bar', { p: 'bar' }) },
      { rule: 'seed 4.1 /foo/bar/**', path: '/foo/bar/x', want: at('/foo/bar/**', '/foo/bar') },
      { rule: 'seed 4.1 /foo/bar/** deep', path: '/foo/bar/x/y', want: at('/foo/bar/**', '/foo/bar') },
      { rule: 'seed 4.1 not /foo/bar1', path: '/foo/bar1/x', want: at('/foo/**', '/foo') },
      { rule: 'seed 4.1 /foo/**', path: '/foo/a/b', want: at('/foo/**', '/foo') },
      { rule: 'seed 4.1 /** everything else', path: '/other', want: at('/**', '') },
      { rule: 'R8 endpoint "" for basePath / and /**', path: '/', want: at('/**', '') },
      { rule: 'P11 case-sensitive', path: '/FOO', want: at('/**', '') },
    ],
  },
  {
    name: 'R3 table, basePath /api',
    basePath: '/api',
    patterns: ['/**', '/foo/**', '/foo/qux', '/foo/{p1}'],
    operations: { '/foo/qux': ['get', 'delete'] },
    cases: [
      { rule: 'R3 row 1', path: '/api/foo/qux', want: at('/foo/qux', '/api/foo/qux') },
      { rule: 'R3 row 2', path: '/api/foo/abc', want: at('/foo/{p1}', '/api/foo/abc', { p1: 'abc' }) },
      { rule: 'R3 row 3', path: '/api/foo/bar/qux', want: at('/foo/**', '/api/foo') },
      { rule: 'R3 row 4', path: '/api/bar', want: at('/**', '/api') },
      { rule: 'P8 basePath itself is /', path: '/api', want: at('/**', '/api') },
      { rule: 'P8 basePath with slash is /', path: '/api/', want: at('/**', '/api') },
      { rule: 'P13 /foo/** matches /foo', path: '/api/foo', want: at('/foo/**', '/api/foo') },
      { rule: 'P12 parameter needs a non-empty segment', path: '/api/foo/', want: at('/foo/**', '/api/foo') },
      { rule: 'R8 endpoint cut from the raw path', path: '/api/fo%6F/bar/qux', want: at('/foo/**', '/api/fo%6F') },
      { rule: 'P7 /apix is outside', path: '/apix', want: 'outside' },
      { rule: 'P7 / is outside', path: '/', want: 'outside' },
      { rule: 'P7 comparison is case-sensitive', path: '/API/foo', want: 'outside' },
    ],
  },
  {
    name: 'P8 relative path',
    basePath: '/api',
    patterns: ['/', '/api'],
    cases: [
      { rule: 'P8 /api -> /', path: '/api', want: at('/', '/api') },
      { rule: 'P8 /api/ -> /', path: '/api/', want: at('/', '/api/') },
      { rule: 'P8 basePath removed once', path: '/api/api', want: at('/api', '/api/api') },
      { rule: 'P13 trailing slash significant', path: '/api/api/', want: 'none' },
      { rule: 'P18 no route', path: '/api/x', want: 'none' },
    ],
  },
  {
    name: 'P10-P12 segments and decoding',
    basePath: '/',
    patterns: ['/{name}', '/orders', '/orders/{id}', '/orders/{id}/lines/{n}', '/a+b'],
    operations: { '/orders': ['post', 'get'] },
    cases: [
      { rule: 'P10 %2F stays in its segment', path: '/a%2Fb', want: at('/{name}', '/a%2Fb', { name: 'a/b' }) },
      { rule: 'P10 + is literal (literal pattern)', path: '/a+b', want: at('/a+b', '/a+b') },
      { rule: 'P10 + is literal (parameter)', path: '/x+y', want: at('/{name}', '/x+y', { name: 'x+y' }) },
      { rule: 'P10 UTF-8 decoding', path: '/caf%C3%A9', want: at('/{name}', '/caf%C3%A9', { name: 'café' }) },
      { rule: 'P11 literal compared decoded', path: '/%6Frders', want: at('/orders', '/%6Frders') },
      { rule: 'P11 case-sensitive literal', path: '/Orders', want: at('/{name}', '/Orders', { name: 'Orders' }) },
      { rule: 'P12 one segment', path: '/orders/17', want: at('/orders/{id}', '/orders/17', { id: '17' }) },
      {
        rule: 'P12 several parameters',
        path: '/orders/17/lines/3',
        want: at('/orders/{id}/lines/{n}', '/orders/17/lines/3', { id: '17', n: '3' }),
      },
      { rule: 'P12 empty segment is no parameter', path: '/orders/', want: 'none' },
      { rule: 'P12 missing segment', path: '/orders/17/lines', want: 'none' },
      {
        rule: 'P10 decoded parameter value',
        path: '/orders/%20x%25',
        want: at('/orders/{id}', '/orders/%20x%25', { id: ' x%' }),
      },
    ],
  },
  {
    name: 'P13 trailing slashes',
    basePath: '/',
    patterns: ['/orders/', '/files/**', '/x'],
    cases: [
      { rule: 'P13 /orders/ matches itself', path: '/orders/', want: at('/orders/', '/orders/') },
      { rule: 'P13 /orders/ does not match /orders', path: '/orders', want: 'none' },
      { rule: 'P13 /x does not match /x/', path: '/x/', want: 'none' },
      { rule: 'P13 /files/** matches /files', path: '/files', want: at('/files/**', '/files') },
      { rule: 'P13 /files/** matches /files/', path: '/files/', want: at('/files/**', '/files') },
      { rule: 'P13 /files/** deep', path: '/files/a/b/c', want: at('/files/**', '/files') },
      { rule: 'P13 not /filesystem', path: '/filesystem', want: 'none' },
    ],
  },
  {
    name: 'P14 precedence',
    basePath: '/',
    patterns: ['/orders/{id}', '/orders/export', '/{y}/b/c', '/a/{x}/c', '/a/{x}/d'],
    cases: [
      { rule: 'P14 literal beats parameter', path: '/orders/export', want: at('/orders/export', '/orders/export') },
      { rule: 'P14 parameter otherwise', path: '/orders/17', want: at('/orders/{id}', '/orders/17', { id: '17' }) },
      { rule: 'P14 first differing position', path: '/a/b/c', want: at('/a/{x}/c', '/a/b/c', { x: 'b' }) },
      { rule: 'P14 backtracking to a parameter', path: '/z/b/c', want: at('/{y}/b/c', '/z/b/c', { y: 'z' }) },
      { rule: 'P14 literal branch fails deeper', path: '/a/b/e', want: 'none' },
      { rule: 'P14 sibling literal branch', path: '/a/q/d', want: at('/a/{x}/d', '/a/q/d', { x: 'q' }) },
    ],
  },
  {
    name: 'P2 longest wildcard prefix',
    basePath: '/v1',
    patterns: ['/a/b/c/**', '/**', '/a/**', '/a/b/**'],
    cases: [
      { rule: 'P2 longest prefix', path: '/v1/a/b/c/d', want: at('/a/b/c/**', '/v1/a/b/c') },
      { rule: 'P2 exact prefix', path: '/v1/a/b/c', want: at('/a/b/c/**', '/v1/a/b/c') },
      { rule: 'P2 middle prefix', path: '/v1/a/b/x', want: at('/a/b/**', '/v1/a/b') },
      { rule: 'P2 short prefix', path: '/v1/a/x/b/c', want: at('/a/**', '/v1/a') },
      { rule: 'P2 root wildcard', path: '/v1/b', want: at('/**', '/v1') },
    ],
  },
  {
    name: 'P17 no dot-segment normalisation',
    basePath: '/',
    patterns: ['/files/{name}', '/static/**'],
    cases: [
      {
        rule: 'P17 .. is a parameter value',
        path: '/files/..',
        want: at('/files/{name}', '/files/..', { name: '..' }),
      },
      { rule: 'P17 . is a parameter value', path: '/files/.', want: at('/files/{name}', '/files/.', { name: '.' }) },
      { rule: 'P17 encoded dots', path: '/files/%2E%2E', want: at('/files/{name}', '/files/%2E%2E', { name: '..' }) },
      { rule: 'P17 .. inside a wildcard path', path: '/static/../secret', want: at('/static/**', '/static') },
      { rule: 'P17 no collapsing', path: '/x/../files/a', want: 'none' },
    ],
  },
  {
    // routes of literal segments are also found by their path text (runtime/router/route-table.ts)
    name: 'literal routes by path text',
    basePath: '/',
    patterns: ['/', '/users', '/users/', '/users/{id}', '/Users/me', '/users/me/**'],
    cases: [
      { rule: 'P13 the root route', path: '/', want: at('/', '/') },
      { rule: 'P11 literal route', path: '/users', want: at('/users', '/users') },
      { rule: 'P13 trailing slash is its own route', path: '/users/', want: at('/users/', '/users/') },
      { rule: 'P11 literals are case-sensitive', path: '/Users/me', want: at('/Users/me', '/Users/me') },
      { rule: 'P11 an encoded literal still matches', path: '/user%73', want: at('/users', '/user%73') },
      { rule: 'P10 %2F is no segment separator', path: '/users%2F', want: 'none' },
      {
        rule: 'P12 parameter next to literal routes',
        path: '/users/me',
        want: at('/users/{id}', '/users/me', { id: 'me' }),
      },
      { rule: 'P2 wildcard below a literal route', path: '/users/me/x', want: at('/users/me/**', '/users/me') },
      { rule: 'P18 a longer path is no literal match', path: '/users/a/b', want: 'none' },
    ],
  },
]
