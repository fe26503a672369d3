/**
 * Upstream definitions compiled at build time (upstream.md UP-VAL-1, UP-VAL-2; validation.md VA39):
 * the table `src/upstream-definitions.ts` of a build exports, keyed by site-relative path, and how a
 * `definition` option value finds its entry. The value resolves like a file of flows.md F-LOC-1:
 * `svc://site/<path>` and `/<path>` from the site root, anything else relative to the directory of
 * the flow file (for `x-svc-proxy`, of the definition holding it). Decided: the schemas are never
 * compiled at run time (VA31), so a value computed at run time finds the definition the compiler
 * made from the site copy (CL2); a path that names no compiled definition, names one that failed to
 * compile, or leaves the site root is error 3211, whatever `exit-on-error` says (UP-ERR-3).
 */
import { posix } from 'node:path'

import { gatewayError } from '../errors/raised-error.js'
import type { UpstreamDefinition } from '../validate/plan.js'

export interface UpstreamDefinitionTable {
  /** Compiled definitions by site-relative path. */
  readonly definitions: ReadonlyMap<string, UpstreamDefinition>
  /** Site files that looked like definitions but failed to compile, with the first problem. */
  readonly invalid: ReadonlyMap<string, string>
}

export const NO_UPSTREAM_DEFINITIONS: UpstreamDefinitionTable = Object.freeze({
  definitions: new Map(),
  invalid: new Map(),
})

/** Builds the table once at module load (`src/upstream-definitions.ts`). */
export function createUpstreamDefinitionTable(
  definitions: readonly (readonly [path: string, definition: UpstreamDefinition])[],
  invalid: readonly (readonly [path: string, reason: string])[] = [],
): UpstreamDefinitionTable {
  return Object.freeze({ definitions: new Map(definitions), invalid: new Map(invalid) })
}

/**
 * The site-relative path a `definition` value names from `dir` (site-relative, `''` for the site
 * root); null when it leaves the site root or names no file.
 */
export function definitionSitePath(value: string, dir: string): string | null {
  const fromRoot = value.startsWith('svc://site/')
    ? value.slice('svc://site/'.length)
    : value.startsWith('/')
      ? value.slice(1)
      : null
  const joined = fromRoot ?? (dir === '' ? value : `${dir}/${value}`)
  const normalized = posix.normalize(joined)
  if (
    normalized === '.' ||
    normalized === '' ||
    normalized.endsWith('/') ||
    normalized.startsWith('../') ||
    normalized === '..' ||
    posix.isAbsolute(normalized)
  )
    return null
  return normalized
}

/** The compiled definition a `definition` value names; error 3211 when there is none (UP-VAL-1). */
export function upstreamDefinitionFor(
  table: UpstreamDefinitionTable,
  value: string,
  dir: string,
  where: string,
  requestId: string,
): UpstreamDefinition {
  const path = definitionSitePath(value, dir)
  const definition = path === null ? undefined : table.definitions.get(path)
  if (definition !== undefined) return definition
  const reason =
    path === null
      ? `Upstream definition ${value} is outside the site`
      : table.invalid.has(path)
        ? `Upstream definition ${path} is invalid: ${table.invalid.get(path)}`
        : `Upstream definition ${path} not found`
  throw gatewayError('CONFIGURATION', [`${reason} (${where})`], requestId)
}
