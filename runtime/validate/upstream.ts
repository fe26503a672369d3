/**
 * Upstream validation against a compiled upstream definition (validation.md VA39-VA42, VA44, VA45):
 * the checks and their `info` entries; what a failure does to the upstream request (not sent, stored
 * in `$upstream/<id>/error`, raised with `exit-on-error`, report-only alerts) is the `request` action's
 * (upstream.md UP-VAL-4..8). Entries are limited as in VA35.
 *
 * - VA40: the upstream URL's path is matched against the definition's `basePath` and routes with the
 *   routing rules of definition.md (`Path <path> not found.`, `Invalid method <method>.`), then the
 *   outgoing parameters, content type and body are checked as client requests are (section 2).
 * - VA41: the response is checked as client responses are (section 3); the entries end with
 *   `Upstream status: <code> <reason phrase>`. Decided: that trailing entry counts towards the 20, so
 *   the violations are limited to 19 entries before it.
 * - VA42: credentials of the matched operation's security requirement are present (not verified).
 *   Decided: an `oauth2` scheme's entry reads `OAuth2 Security (<scheme>): Missing header Authorization`.
 */
import { STATUS_CODES } from 'node:http'

import { parseFormEncoded } from '../http/form-decoding.js'
import { parseMultipartFields } from '../http/multipart.js'
import { matchRoute, splitBasePath } from '../router/index.js'
import type { Content } from '../values/content.js'
import type { CredentialPlan, OperationPlan, RoutePlan, UpstreamDefinition } from './plan.js'
import { checkRequest } from './request-check.js'
import { checkResponse, type ResponseParts } from './response-check.js'
import { limitEntries, MAX_INFO_ENTRIES } from './violation.js'

/** An upstream request about to be sent. */
export interface OutgoingRequest {
  /** Upper-case method. */
  readonly method: string
  /** The URL's path, percent-encoded as it will be sent. */
  readonly path: string
  /** The URL's query without `?`; null when none. */
  readonly query: string | null
  /** Lower-case names. */
  readonly headers: ReadonlyMap<string, string>
  readonly body: Content
}

/** The upstream operation a request goes to, or why there is none (an entry of VA40). */
export type UpstreamTarget =
  | {
      readonly kind: 'operation'
      readonly route: RoutePlan
      readonly operation: OperationPlan | null
      readonly params: readonly (readonly [string, string])[]
    }
  | { readonly kind: 'unmatched'; readonly entry: string }

/** VA40: the route and operation of the definition a request method and path go to. */
export function findUpstreamTarget(definition: UpstreamDefinition, method: string, path: string): UpstreamTarget {
  const notFound: UpstreamTarget = { kind: 'unmatched', entry: `Path ${path} not found.` }
  const relative = splitBasePath(definition.basePath, path)
  if (relative === null) return notFound
  const match = matchRoute(definition.routes, relative)
  const route = match === null ? undefined : definition.validation.routes.get(match.route.pattern)
  if (match === null || route === undefined) return notFound
  if (route.operations === null) return { kind: 'operation', route, operation: null, params: match.params }
  const operation = route.operations.get(method)
  if (operation === undefined) return { kind: 'unmatched', entry: `Invalid method ${method.toLowerCase()}.` }
  return { kind: 'operation', route, operation, params: match.params }
}

/** VA40: the violation entries of an outgoing request (empty when it is valid). */
export function checkUpstreamRequest(definition: UpstreamDefinition, request: OutgoingRequest): string[] {
  const target = findUpstreamTarget(definition, request.method, request.path)
  if (target.kind === 'unmatched') return [target.entry]
  const parts = {
    params: target.params,
    query: request.query,
    headers: request.headers,
    body: request.body,
    post: formFields(request.body),
  }
  return limitEntries(checkRequest(definition.validation, target.route, target.operation, parts))
}

/** VA42: entries for the credentials the matched operation requires and the request lacks. */
export function checkUpstreamCredentials(definition: UpstreamDefinition, request: OutgoingRequest): string[] {
  const target = findUpstreamTarget(definition, request.method, request.path)
  const alternatives = target.kind === 'operation' ? target.operation?.credentials : null
  if (alternatives === null || alternatives === undefined) return []
  const entries: string[] = []
  let query: [string, string][] | undefined
  for (const alternative of alternatives) {
    const missing = alternative.filter(
      (credential) =>
        !present(credential, request, () => (query ??= request.query === null ? [] : parseFormEncoded(request.query))),
    )
    if (missing.length === 0) return []
    for (const credential of missing) {
      const entry = missingEntry(credential)
      if (!entries.includes(entry)) entries.push(entry)
    }
  }
  return limitEntries(entries)
}

/**
 * VA41: the violation entries of an upstream response to `request`, ending with the upstream status;
 * empty when it is valid. A request the definition does not describe gives its VA40 entry.
 */
export function checkUpstreamResponse(
  definition: UpstreamDefinition,
  request: Pick<OutgoingRequest, 'method' | 'path'>,
  response: ResponseParts,
): string[] {
  const target = findUpstreamTarget(definition, request.method, request.path)
  const entries =
    target.kind === 'unmatched'
      ? [target.entry]
      : target.operation === null
        ? []
        : checkResponse(target.operation, request.method, response)
  if (entries.length === 0) return []
  const kept = limitEntries(entries, MAX_INFO_ENTRIES - 1)
  kept.push(`Upstream status: ${response.status} ${STATUS_CODES[response.status] ?? 'Unknown'}`)
  return kept
}

function formFields(body: Content): readonly (readonly [string, string])[] | null {
  if (body.essence === 'application/x-www-form-urlencoded') return parseFormEncoded(body.text)
  if (body.essence === 'multipart/form-data' && body.mediaType !== null)
    return parseMultipartFields(body.bytes, body.mediaType)
  return null
}

function present(
  credential: CredentialPlan,
  request: OutgoingRequest,
  query: () => readonly (readonly [string, string])[],
): boolean {
  switch (credential.kind) {
    case 'header':
      return (request.headers.get(credential.name.toLowerCase()) ?? '') !== ''
    case 'query':
      return query().some(([name, value]) => name === credential.name && value !== '')
    case 'basic':
      return /^basic\s+\S/i.test(request.headers.get('authorization') ?? '')
    case 'oauth2':
      return /^bearer\s+\S/i.test(request.headers.get('authorization') ?? '')
  }
}

function missingEntry(credential: CredentialPlan): string {
  switch (credential.kind) {
    case 'header':
      return `Header Security (${credential.scheme}): Missing header ${credential.name}`
    case 'query':
      return `Query Security (${credential.scheme}): Missing query parameter ${credential.name}`
    case 'basic':
      return `Basic Security (${credential.scheme}): Missing header Authorization`
    case 'oauth2':
      return `OAuth2 Security (${credential.scheme}): Missing header Authorization`
  }
}
