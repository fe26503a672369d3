/**
 * The debug state of one client request (operations.md DB1-DB9, LG7, definition.md PL14): the active
 * configuration (SVC_DEBUG, or an accepted `Debug` header), selection by topic and level, and the
 * sinks: `log` writes `svc_debug` lines at once (DB6, LG7); `append`/`inline` collect the messages for
 * the response body (DB7, DB8) and send those the body cannot take to the log sink when the exchange
 * ends. Text and data are masked (DB9). Topic `time` writes the duration of each pipeline stage at
 * `info` level, topic `env` the environment once per request at `debug` level (DB3).
 *
 * Cheap when nothing is selected: `selects` is a rank comparison and a set lookup; `writerFor` gives
 * flows no writer at all unless the configuration reaches below `error`, so the usual run-time
 * warnings build no strings under the default `*:error:log`.
 */
import type { DebugLevel, DebugWriter, RequestDebugSession } from '../context/flow-context.js'
import { type DebugConfig, selects } from './config.js'
import { LEVEL_RANK } from './levels.js'
import { maskData, maskText, secretHeaderValues, textSecrets } from './mask.js'
import type { DebugSettings } from './settings.js'

/** A message held for the `append` sink. */
interface HeldMessage {
  readonly level: DebugLevel
  readonly topic: string
  readonly message: string
  readonly data: unknown
}

/** What `writerFor` reads of a flow context: the topics of `debug` attributes in force (F-DBG-2). */
export interface TopicScope {
  readonly debugTopics: readonly string[]
}

const NO_TOPICS: readonly string[] = Object.freeze([])
const WARN_RANK = LEVEL_RANK.warn
const INFO_RANK = LEVEL_RANK.info

export class DebugSession implements RequestDebugSession {
  readonly #settings: DebugSettings
  readonly #headers: ReadonlyMap<string, string> | undefined
  #secrets: readonly string[] | null = null
  #held: HeldMessage[] | null = null
  /** How many held messages the last response body included. */
  #appended = 0
  readonly #timing: boolean
  #stage: string | null = null
  #stageStart = 0

  constructor(
    settings: DebugSettings,
    readonly config: DebugConfig,
    /** Absent outside a request (LG7). */
    readonly requestId: string | undefined,
    /** The request's header fields, whose secret values are masked (DB9). */
    headers?: ReadonlyMap<string, string>,
  ) {
    this.#settings = settings
    this.#headers = headers
    this.#timing = selects(config, INFO_RANK, 'time', NO_TOPICS)
    if (selects(config, LEVEL_RANK.debug, 'env', NO_TOPICS))
      this.write('debug', 'env', 'environment', settings.environment)
  }

  /** Whether a message of `level` with `topic` (or one of `extra`) is emitted (DB2, F-DBG-2). */
  selects(level: DebugLevel, topic: string, extra: readonly string[] = NO_TOPICS): boolean {
    return selects(this.config, LEVEL_RANK[level], topic, extra)
  }

  /** Writes a message the caller found selected; `data` is a plain JSON-like value (LG7). */
  write(level: DebugLevel, topic: string, message: string, data?: unknown): void {
    const text = maskText(message, this.#secretValues())
    const masked = data === undefined ? undefined : maskData(data)
    if (this.config.appends) (this.#held ??= []).push({ level, topic, message: text, data: masked })
    else this.#log(level, topic, text, masked)
  }

  /**
   * The DebugWriter of a flow context (`ctx.debug`): null unless the configuration selects levels
   * below `error`, which is where the gateway's own messages are written.
   */
  writerFor(scope: TopicScope): DebugWriter | null {
    if (this.config.rank > WARN_RANK) return null
    return (level, topic, message) => {
      if (selects(this.config, LEVEL_RANK[level], topic, scope.debugTopics)) this.write(level, topic, message)
    }
  }

  /**
   * The `append` sink (DB7): `body` followed by a line break and one line per held message
   * (`<level> [<topic>] <message>`). `applies` is false for HEAD, 204/304 and CORS pre-flights, whose
   * messages go to the log sink instead.
   */
  appendTo(body: string | Uint8Array, applies: boolean): string | Uint8Array {
    const held = this.#held
    if (held === null || held.length === 0 || !applies) return body
    let text = '\n'
    for (const message of held)
      text += `${message.level} [${message.topic}] ${oneLine(message.message, message.data)}\n`
    this.#appended = held.length
    return typeof body === 'string' ? body + text : Buffer.concat([body, Buffer.from(text, 'utf8')])
  }

  /** Ends the exchange: closes the open `time` stage and writes held messages no body took (DB7). */
  finish(): void {
    this.stage(null)
    const held = this.#held
    if (held === null) return
    for (let i = this.#appended; i < held.length; i++) {
      const message = held[i]!
      this.#log(message.level, message.topic, message.message, message.data)
    }
    this.#held = null
  }

  /** Topic `time` (DB3): ends the running stage (one `info` message with its duration) and starts `name`. */
  stage(name: string | null): void {
    if (!this.#timing) return
    const now = performance.now()
    if (this.#stage !== null) this.write('info', 'time', `${this.#stage}: ${(now - this.#stageStart).toFixed(3)} ms`)
    this.#stage = name
    this.#stageStart = now
  }

  #log(level: DebugLevel, topic: string, message: string, data: unknown): void {
    this.#settings.logger.write('svc_debug', { requestID: this.requestId, topic, level, message, data })
  }

  #secretValues(): readonly string[] {
    if (this.#secrets === null) {
      const fromHeaders = secretHeaderValues(this.#headers)
      this.#secrets =
        fromHeaders.length === 0 ? this.#settings.secrets : textSecrets([...this.#settings.secrets, ...fromHeaders])
    }
    return this.#secrets
  }
}

/** One line of the append sink: line breaks become spaces; data follows as compact JSON. */
function oneLine(message: string, data: unknown): string {
  const text = data === undefined ? message : `${message} ${JSON.stringify(data)}`
  return text.replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
}
