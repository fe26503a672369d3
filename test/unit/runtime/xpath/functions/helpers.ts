/**
 * Helpers of the extension-function tests (xpath-functions.md section 10): an expression is compiled
 * as the compiler does and evaluated through its generated constant and through the engine tier
 * alone (XP-LANG-4: both must agree); debug messages (RW warnings, FN-0-3) are collected; a context
 * can have a site root, variables, main content and stored upstream bodies.
 */
import { expect } from 'vitest'

import {
  type ClientRequest,
  type Content,
  createLogger,
  EMPTY,
  evaluate,
  evaluateWithEngine,
  FlowContext,
  FunctionCaches,
  type Item,
  type JsonObject,
  RaisedError,
  type Sequence,
} from '../../../../../runtime/index.js'
import { type Described, describeSequence } from '../fixtures.js'
import { compile, engineOnly, loadGenerated } from '../helpers.js'

export type { Described }

export interface Setup {
  readonly vars?: Record<string, Sequence>
  readonly main?: Sequence
  readonly upstream?: Record<string, Content>
  readonly focus?: Item
  readonly siteRoot?: string
  /** Keep site files, keys and sort keys between calls (as a gateway does). */
  readonly caches?: FunctionCaches
  readonly request?: ClientRequest
  readonly logFields?: JsonObject
}

export interface Outcome {
  readonly values: Described[]
  /** `level [topic] message` of every debug message. */
  readonly messages: string[]
}

/** A fresh context; debug messages go to `messages`. */
export function functionContext(setup: Setup = {}, messages: string[] = []): FlowContext {
  const siteRoot = setup.siteRoot ?? '/nonexistent-site'
  const gateway = {
    siteRoot,
    logger: createLogger(() => {}),
    env: EMPTY,
    server: EMPTY,
    ...(setup.caches ? { functionCaches: setup.caches } : {}),
  }
  const ctx = new FlowContext(gateway, 'req-7', new AbortController().signal)
  for (const [name, value] of Object.entries(setup.vars ?? {})) ctx.vars.set(name, value)
  if (setup.main !== undefined) ctx.contents.main = setup.main
  for (const [id, content] of Object.entries(setup.upstream ?? {})) ctx.contents.upstream.set(id, content)
  ctx.debug = (level, topic, message) => messages.push(`${level} [${topic}] ${message}`)
  if (setup.request !== undefined) ctx.request = setup.request
  if (setup.logFields !== undefined) ctx.logFields = setup.logFields
  return ctx
}

function once(text: string, setup: Setup, engine: boolean): Outcome {
  const messages: string[] = []
  const ctx = functionContext(setup, messages)
  const node = compile(text)
  const sequence = engine
    ? evaluateWithEngine(ctx, engineOnly(node), setup.focus)
    : evaluate(ctx, loadGenerated(node), setup.focus)
  return { values: describeSequence(sequence), messages }
}

/** Runs `text` in both tiers, expects the same outcome, and returns it. */
export function run(text: string, setup: Setup = {}): Outcome {
  const generated = once(text, setup, false)
  const engine = once(text, setup, true)
  expect(engine, `engine tier of ${text}`).toEqual(generated)
  return generated
}

/** The values of the generated constant only (results that differ on every call: signatures, random ids). */
export function single(text: string, setup: Setup = {}): Outcome {
  return once(text, setup, false)
}

/** The values only. */
export function values(text: string, setup: Setup = {}): Described[] {
  return run(text, setup).values
}

/** The raw result sequence of the generated constant (for node-level assertions). */
export function result(text: string, setup: Setup = {}, messages: string[] = []): Sequence {
  return evaluate(functionContext(setup, messages), loadGenerated(compile(text)), setup.focus)
}

/** The XPath error code (or message) of a run-time failure in both tiers. */
export function failure(text: string, setup: Setup = {}): string {
  const codes = [false, true].map((engine) => {
    try {
      once(text, setup, engine)
      return 'no failure'
    } catch (error) {
      if (!(error instanceof RaisedError)) throw error
      const info = String((error.errorObject.get('info') as string[])[0])
      return /: eval: ([A-Z]{4}\d{4})/.exec(info)?.[1] ?? info
    }
  })
  expect(codes[1]).toBe(codes[0])
  return codes[0]!
}

/** An XPath string literal for any text. */
export function lit(text: string): string {
  return `'${text.replace(/'/g, "''")}'`
}
