/**
 * Configured values of security schemes read from their value sources (security.md J4, BA10,
 * errors.md 3211, operations.md CL9): a literal is parsed once; a file of the site copy is read and
 * parsed once at server start (unreadable or invalid: the server refuses to start); an environment
 * variable is read per request, trimmed, and parsed when its text changed since the last request.
 * An unset, empty or invalid variable raises 3211 naming the variable and the setting, never its value.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { gatewayError } from '../errors/raised-error.js'
import type { SourceSpec } from './config.js'

export type Environment = Readonly<Record<string, string | undefined>>

/** A parse failure: what is wrong, phrased to follow the value's description (never the value). */
export class Problem {
  constructor(readonly text: string) {}
}

export type Parse<T> = (text: string) => T | Problem

/** Which setting a value belongs to, for messages: `security scheme BearerJWT, x-svc-jwt.key`. */
export interface SettingPlace {
  readonly scheme: string
  readonly property: string
}

/** Thrown while the gateway is created: a file source that cannot be read or is invalid (CL9). */
export class SecurityStartError extends Error {
  override name = 'SecurityStartError'
}

export interface Setting<T> {
  /** The value for the current request; raises 3211 for a broken environment variable. */
  get(env: Environment, requestId: string): T
  /** True when the value is read per request. */
  readonly perRequest: boolean
}

class FixedSetting<T> implements Setting<T> {
  readonly perRequest = false
  constructor(readonly value: T) {}
  get(): T {
    return this.value
  }
}

class EnvSetting<T> implements Setting<T> {
  readonly perRequest = true
  #text: string | undefined = undefined
  #parsed: T | Problem | undefined = undefined

  constructor(
    readonly variable: string,
    readonly place: SettingPlace,
    readonly parse: Parse<T>,
  ) {}

  get(env: Environment, requestId: string): T {
    const raw = env[this.variable]
    const where = `(security scheme ${this.place.scheme}, ${this.place.property})`
    if (raw === undefined)
      throw configurationError(`Environment variable ${this.variable} is not set ${where}`, requestId)
    // J4: surrounding whitespace removed from every value read from env or file.
    const text = raw.trim()
    if (text === '') throw configurationError(`Environment variable ${this.variable} is empty ${where}`, requestId)
    if (text !== this.#text) {
      this.#parsed = this.parse(text)
      this.#text = text
    }
    const parsed = this.#parsed as T | Problem
    if (parsed instanceof Problem)
      throw configurationError(`Environment variable ${this.variable} ${parsed.text} ${where}`, requestId)
    return parsed
  }
}

function configurationError(info: string, requestId: string): Error {
  return gatewayError('CONFIGURATION', [info], requestId)
}

/** A fixed value (for defaults). */
export function fixedSetting<T>(value: T): Setting<T> {
  return new FixedSetting(value)
}

/** The setting of `spec`; literal and file sources are parsed now and throw SecurityStartError when invalid. */
export function loadSetting<T>(spec: SourceSpec, place: SettingPlace, parse: Parse<T>, siteRoot: string): Setting<T> {
  if ('env' in spec) return new EnvSetting(spec.env, place, parse)
  let text: string
  let origin: string
  if ('file' in spec) {
    origin = `file ${spec.file}`
    try {
      text = readFileSync(join(siteRoot, spec.file), 'utf8').trim()
    } catch (error) {
      const code = (error as { code?: string }).code
      throw new SecurityStartError(
        `security scheme ${place.scheme}, ${place.property}: ${origin} cannot be read (${code ?? 'error'})`,
      )
    }
  } else {
    origin = 'value'
    text = spec.value
  }
  const parsed = parse(text)
  if (parsed instanceof Problem)
    throw new SecurityStartError(`security scheme ${place.scheme}, ${place.property}: ${origin} ${parsed.text}`)
  return new FixedSetting(parsed)
}
