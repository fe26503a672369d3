/**
 * Debugging of one client request, set up at PL1 (operations.md DB4): the `Debug` header replaces
 * SVC_DEBUG for this request when it is allowed, carries the right password and parses; then
 * `$request/debug` holds the normalized configuration. Otherwise the header is ignored and a `warn`
 * message with topic `debug` goes to the default configuration's sink.
 */
import { readDebugHeader } from './header.js'
import { DebugSession } from './session.js'
import type { DebugSettings } from './settings.js'

/** What the request pipeline knows at PL1; `debug` receives `$request/debug`. */
export interface DebuggedRequest {
  readonly id: string
  readonly headers: ReadonlyMap<string, string>
  debug: string
}

export function startRequestDebugging(settings: DebugSettings, request: DebuggedRequest): DebugSession {
  const header = request.headers.get('debug')
  if (header === undefined) return new DebugSession(settings, settings.defaultConfig, request.id, request.headers)
  const outcome = readDebugHeader(header, settings.allowHeader, settings.authDigest)
  if (outcome.accepted) {
    request.debug = outcome.config.text
    return new DebugSession(settings, outcome.config, request.id, request.headers)
  }
  const session = new DebugSession(settings, settings.defaultConfig, request.id, request.headers)
  if (session.selects('warn', 'debug')) session.write('warn', 'debug', `${outcome.reason}; the header is ignored`)
  return session
}
