/**
 * `$server` (definition.md SV1, SV2) and `$env` (flows.md F-VAR-14, operations.md CF2), built once
 * when a gateway is created. `$server` members: role (absent when SVC_SERVER_ROLE is unset), name,
 * version, revision, hostname, started (LG9 format). `$env` holds every variable with a string value,
 * in code point order of the names.
 */
import { hostname } from 'node:os'

import type { Environment } from '../http/config.js'
import { formatTimestamp } from '../log/logger.js'
import { JsonObject, type JsonValue } from '../values/json-value.js'

export interface ServerFacts {
  readonly role: string | null
  readonly version: string
  readonly revision: string
  /** Start time of the process. */
  readonly started: Date
}

export function buildServerObject(facts: ServerFacts): JsonObject {
  const entries: [string, JsonValue][] = []
  if (facts.role !== null) entries.push(['role', facts.role])
  entries.push(
    ['name', 'svc-gateway'],
    ['version', facts.version],
    ['revision', facts.revision],
    ['hostname', hostname()],
    ['started', formatTimestamp(facts.started)],
  )
  return JsonObject.fromEntries(entries)
}

export function buildEnvObject(env: Environment): JsonObject {
  const names = Object.keys(env).filter((name) => typeof env[name] === 'string')
  names.sort(compareCodePoints)
  return new JsonObject(
    names,
    names.map((name) => env[name]!),
  )
}

/** Orders strings by Unicode code point (not UTF-16 code unit, which misorders astral characters). */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) {
    const x = a.codePointAt(i)!
    const y = b.codePointAt(i)!
    if (x !== y) return x - y
    if (x > 0xffff) i++
  }
  return a.length - b.length
}
