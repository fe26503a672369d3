/** Runs one scenario of the shared router cases against a route table. */
import { expect } from 'vitest'

import { computeEndpoint, matchRoute, type RouteTable, splitBasePath } from '../../../../runtime/router/index.js'
import type { RouterCase } from './router-cases.js'

export interface Outcome {
  readonly kind: 'outside' | 'none' | 'match'
  readonly pattern?: string
  readonly params?: Record<string, string>
  readonly endpoint?: string
}

export function outcomeOf(table: RouteTable, basePath: string, path: string): Outcome {
  const relative = splitBasePath(basePath, path)
  if (relative === null) return { kind: 'outside' }
  const match = matchRoute(table, relative)
  if (match === null) return { kind: 'none' }
  return {
    kind: 'match',
    pattern: match.route.pattern,
    params: Object.fromEntries(match.params),
    endpoint: computeEndpoint(basePath, path, match),
  }
}

export function expectCase(table: RouteTable, basePath: string, c: RouterCase): void {
  const want: Outcome =
    typeof c.want === 'string'
      ? { kind: c.want }
      : { kind: 'match', pattern: c.want.pattern, params: { ...c.want.params }, endpoint: c.want.endpoint }
  expect(outcomeOf(table, basePath, c.path)).toEqual(want)
}
