/**
 * The compiler's `reads` of app.ts (runtime/app.ts VariableReads): whether any flow can read
 * `$request` or `$upstream`, so the gateway may skip building them. Every way a flow names a
 * variable, also at run time, must count as a read; text that only mentions one (a comment, a
 * string) must not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { compile } from '../../../../compiler/index.js'

const roots: string[] = []

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** The `reads` line of app.ts for a project whose route `/x` runs flows/f.xml holding `body`. */
async function readsOf(body: string | null): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'svc-reads-'))
  roots.push(root)
  const files: Record<string, string> =
    body === null
      ? { 'definition.yaml': 'swagger: "2.0"\npaths:\n  /p/**:\n    x-svc-proxy:\n      origin: http://u.test\n' }
      : {
          'definition.yaml': 'swagger: "2.0"\npaths:\n  /x:\n    get:\n      x-svc-flow: flows/f.xml\n',
          'flows/f.xml': `<flow>\n${body}\n</flow>\n`,
        }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const result = await compile(join(root, 'definition.yaml'), { typecheck: false })
  expect(result.ok).toBe(true)
  return /reads: \{[^}]*\}/.exec(result.modules.get('app.ts')!)![0]
}

const NONE = 'reads: { request: false, upstream: false }'
const REQUEST = 'reads: { request: true, upstream: false }'
const UPSTREAM = 'reads: { request: false, upstream: true }'
const BOTH = 'reads: { request: true, upstream: true }'
const REQUEST_URL = `<request>{ "url": {{ concat('http://u.test/', 'a') }}, "headers": { "Accept": "application/json" } }</request>`

const CASES: [string, string | null, string][] = [
  ['an x-svc-proxy without flows', null, NONE],
  [
    'a request with a computed URL and a template on its response',
    `${REQUEST_URL}\n  <template>{ "id": {{ id }} }</template>`,
    NONE,
  ],
  ['an expression reading $request', '<eval out="$p">$request/path</eval>', REQUEST],
  ['an expression reading $upstream', `${REQUEST_URL}\n  <eval out="$s">$upstream/main/status</eval>`, UPSTREAM],
  [
    'a template reading $upstream',
    `${REQUEST_URL}\n  <template>{ "s": {{ $upstream/main/status }} }</template>`,
    UPSTREAM,
  ],
  [
    'a literal body source naming $upstream',
    `<request>{ "url": "http://u.test/", "body": { "src": "$upstream" } }</request>`,
    UPSTREAM,
  ],
  [
    'a computed body source',
    `<request>{ "url": "http://u.test/", "body": { "src": {{ concat('$', 'up', 'stream') }} } }</request>`,
    BOTH,
  ],
  ['a computed body', `<request>{ "url": "http://u.test/", "body": {{ $cfg }} }</request>`, BOTH],
  ['a whole computed configuration', '<request>{{ $cfg }}</request>', BOTH],
  ['a requests configuration from a variable', '<requests src="$cfg"/>', BOTH],
  ['a location computed from text', '<template in="{$which}">{ "a": 1 }</template>', BOTH],
  ['a sort() key', `<eval out="$s">sort($body/json/items, $key)</eval>`, BOTH],
  [
    'a mention in a comment or a string reads nothing',
    `<!-- $request -->\n  <eval out="$a">'$request and $upstream'</eval>`,
    NONE,
  ],
  ['an input location naming $request', '<copy in="$request" out="$c"/>', REQUEST],
  [
    'a literal sort() key reading $upstream',
    `<eval out="$s">sort($body/json/items, '$upstream/main/status')</eval>`,
    UPSTREAM,
  ],
  ['a literal sort() key reading nothing', `<eval out="$s">sort($body/json/items, 'name')</eval>`, NONE],
  ['sort() called through a function reference', `<eval out="$s">sort#2($body/json/items, 'name')</eval>`, BOTH],
]

describe('reads of the compiled app', () => {
  it.each(CASES)('%s', async (_, body, want) => {
    expect(await readsOf(body)).toBe(want)
  })
})
