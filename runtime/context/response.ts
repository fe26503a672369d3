/**
 * The response a flow run builds (flows.md F-RESP-1 .. F-RESP-3): status, ordered header fields with
 * replace-by-name semantics, and what the terminating action decided about the body and its type.
 * The body itself is the main content (ContentStore.main) unless a terminating action (`echo`,
 * `dump`) supplied its own value.
 */
import type { ServerResponse } from 'node:http'

import type { Sequence } from '../values/item.js'

export class HeaderList {
  readonly #fields: [name: string, value: string][] = []

  /** Replaces every field of that name (case-insensitive); the last setter's spelling is kept. */
  set(name: string, values: string | readonly string[]): void {
    this.delete(name)
    for (const value of typeof values === 'string' ? [values] : values) this.#fields.push([name, value])
  }

  append(name: string, value: string): void {
    this.#fields.push([name, value])
  }

  delete(name: string): void {
    if (this.#fields.length === 0) return
    const lower = name.toLowerCase()
    for (let i = this.#fields.length - 1; i >= 0; i--)
      if (sameName(this.#fields[i]![0], lower)) this.#fields.splice(i, 1)
  }

  get(name: string): string | undefined {
    if (this.#fields.length === 0) return undefined
    const lower = name.toLowerCase()
    return this.#fields.find(([n]) => sameName(n, lower))?.[1]
  }

  has(name: string): boolean {
    return this.get(name) !== undefined
  }

  entries(): readonly (readonly [string, string])[] {
    return this.#fields
  }
}

/**
 * Whether a field name equals a lower-case one, case-insensitively; lengths first, so most names are
 * told apart without making a string (names are HTTP tokens: ASCII, whose case keeps the length).
 */
function sameName(name: string, lower: string): boolean {
  return name.length === lower.length && name.toLowerCase() === lower
}

export class ResponseState {
  /** F-RESP-1: initially 200. */
  status = 200
  readonly headers = new HeaderList()
  /** A body chosen by a terminating action (`echo` text, `dump` value); undefined: the main content. */
  body: Sequence | undefined = undefined
  /** `mime` attribute of the terminating action (F-RESP-5 step 1). */
  explicitMime: string | undefined = undefined
  /** Default `mime` of the terminating action, e.g. `text/plain` for `echo` (F-RESP-5 step 3). */
  defaultMime: string | undefined = undefined
  /** A body the proxy passes on as received (upstream.md UP-PROXY-5, UP-GEN-6); see PassedBody. */
  passed: PassedBody | undefined = undefined
}

/**
 * A body passed on as the proxy received it (upstream.md UP-PROXY-5, UP-GEN-6): a streamed transfer,
 * a body in a coding the gateway does not decode, or the head of a proxied `HEAD` (F-RESP-7). It is
 * sent instead of the rendered main content as long as `main` is still the main content
 * (runtime/server/send.ts); otherwise, or when an error replaces the response, it is discarded.
 */
export interface PassedBody {
  /** The main content this body belongs to (compared by identity). */
  readonly main: Sequence | undefined
  /** Writes head and body; `head.fields` are the response's header fields (CORS included). */
  send(res: ServerResponse, head: PassedHead): PassedSent
  /** Releases it unsent. */
  discard(): void
}

export interface PassedHead {
  readonly method: string
  readonly status: number
  readonly fields: readonly (readonly [string, string])[]
  /** Send `Connection: close`. */
  readonly close: boolean
}

/** What was sent, for the access log (operations.md LG3); `bytes` grows while a body streams. */
export interface PassedSent {
  readonly status: number
  readonly mime: string
  readonly bytes: number
  readonly location: string
}
