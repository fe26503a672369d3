/**
 * Debug configurations `topic:level:sink` (operations.md DB1-DB3, DB8; flows.md F-DBG-1 for topic
 * names). Missing parts take their defaults (`*`, `debug`, `log`): `template` = `template:debug:log`,
 * `::append` = `*:debug:append`, `""` = `*:debug:log`. A configuration is parsed once (SVC_DEBUG at
 * start, a `Debug` header per request) into frozen data that the request path only reads.
 *
 * Decided: topic lists drop empty entries and repeats; a list holding `*` selects every topic; level
 * and sink names are read without regard to case; `inline` is kept in the normalized text but
 * behaves like `append` (DB8); more than three parts is invalid.
 */
import type { DebugLevel } from '../context/flow-context.js'
import { LEVEL_RANK, parseDebugLevel } from './levels.js'

export type DebugSink = 'log' | 'append' | 'inline'

export interface DebugConfig {
  /** Selected topics; null selects every topic (`*`). */
  readonly topics: ReadonlySet<string> | null
  readonly level: DebugLevel
  /** LEVEL_RANK of `level`. */
  readonly rank: number
  readonly sink: DebugSink
  /** `append` or `inline` (DB7, DB8): messages are appended to the response body. */
  readonly appends: boolean
  /** The normalized configuration, e.g. `request:info:append` (`$request/debug`, DB4). */
  readonly text: string
}

/** Topic names of F-DBG-1: letters, digits, `_`, `-` and `.`. */
const TOPIC_NAME = /^[\p{L}\p{N}_.-]+$/u
const SINKS: readonly DebugSink[] = ['log', 'append', 'inline']

/** Parses a configuration; a string is the reason it is invalid. */
export function parseDebugConfig(text: string): DebugConfig | string {
  const parts = text.split(':')
  if (parts.length > 3) return `expected topic:level:sink, got ${parts.length} parts`
  const [topicPart = '', levelPart = '', sinkPart = ''] = parts.map((part) => part.trim())
  let topics: Set<string> | null = null
  if (topicPart !== '' && topicPart !== '*') {
    const names = topicPart
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '')
    if (!names.includes('*')) {
      for (const name of names) if (!TOPIC_NAME.test(name)) return `invalid topic name "${name}"`
      if (names.length > 0) topics = new Set(names)
    }
  }
  const level = levelPart === '' ? 'debug' : parseDebugLevel(levelPart)
  if (level === null) return `unknown level "${levelPart}"`
  const sink = sinkPart === '' ? 'log' : (sinkPart.toLowerCase() as DebugSink)
  if (!SINKS.includes(sink)) return `unknown sink "${sinkPart}"`
  const topicText = topics === null ? '*' : [...topics].join(',')
  return Object.freeze({
    topics: topics === null ? null : Object.freeze(topics),
    level,
    rank: LEVEL_RANK[level],
    sink,
    appends: sink !== 'log',
    text: `${topicText}:${level}:${sink}`,
  })
}

/** The configuration when SVC_DEBUG is unset (DB1, Decided). */
export const DEFAULT_DEBUG_CONFIG = parseDebugConfig('*:error:log') as DebugConfig

/** Whether `config` selects a message of `rank` with `topic` or one of `extra` (DB2, F-DBG-2). */
export function selects(config: DebugConfig, rank: number, topic: string, extra: readonly string[]): boolean {
  if (rank < config.rank) return false
  const topics = config.topics
  if (topics === null || topics.has(topic)) return true
  for (let i = 0; i < extra.length; i++) if (topics.has(extra[i]!)) return true
  return false
}
