/**
 * The compile-time part of request-body streaming (upstream.md UP-GEN-6 steps 1-2): which handlers
 * may stream the client body, read from the generated route table.
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

/** The generated handler declarations of a project with route `/x/**` handled by flows/f.xml (or a proxy). */
async function handlers(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'svc-streaming-'))
  roots.push(root)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const result = await compile(join(root, 'definition.yaml'), { typecheck: false })
  expect(result.ok).toBe(true)
  return result.modules
    .get('routes.ts')!
    .split('\n')
    .filter((line) => /^const (HANDLER|PROXY)_/.test(line))
}

function project(flow: string, extra: Record<string, string> = {}, top = ''): Record<string, string> {
  return {
    'definition.yaml': `swagger: "2.0"\n${top}paths:\n  /x/**:\n    x-svc-flow: flows/f.xml\n  /p/**:\n    x-svc-proxy:\n      origin: http://u.test\n`,
    'flows/f.xml': `<flow>\n${flow}\n</flow>\n`,
    ...extra,
  }
}

const PROXY = '  <proxy-request>{ "origin": "http://u.test" }</proxy-request>'
const STREAMING = 'const HANDLER_1 = flowHandler("flows/f.xml", flowF, { streamRequestBody: true, stages: '
const BUFFERED = 'const HANDLER_1 = flowHandler("flows/f.xml", flowF, { stages: '
const PROXY_STREAMING = 'streamRequestBody: true, stages: '

/** The line of the generated routes module that starts with `start`, if any. */
function lineStarting(lines: readonly string[], start: string): string | undefined {
  return lines.find((line) => line.startsWith(start))
}

describe('UP-GEN-6 request-body streaming (compile time)', () => {
  it('a flow ending in its only proxy-request streams; reading request headers does not matter', async () => {
    const lines = await handlers(project(`  <eval out="$t">$request/headers/x-trace</eval>\n${PROXY}`))
    expect(lineStarting(lines, STREAMING)).toBeDefined()
    expect(lines.find((line) => line.startsWith('const PROXY_1'))).toContain(PROXY_STREAMING)
  })

  it('a comment or a string that mentions $body, $request/post or $request does not matter', async () => {
    const flow = `  <!-- reads $body and $request/post? no -->\n  <eval out="$t">concat('$body', '$request', '$request/post')</eval>\n${PROXY}`
    expect(lineStarting(await handlers(project(flow)), STREAMING)).toBeDefined()
  })

  it('options written outside the proxy-request (a comment, another request) do not matter', async () => {
    const flow = `  <!-- "follow-redirects": true, "definition": "d.yaml" -->\n  <request>{ "url": "http://u.test/", "options": { "follow-redirects": true } }</request>\n${PROXY}`
    expect(lineStarting(await handlers(project(flow)), STREAMING)).toBeDefined()
  })

  it('not when the init flow stores a node of $request that the handler climbs from', async () => {
    const init = '<flow>\n  <eval out="$h">$request/headers</eval>\n</flow>\n'
    const lines = await handlers(
      project(
        `  <eval out="$p">$h/../post</eval>\n${PROXY}`,
        { 'flows/init.xml': init },
        'x-svc-init: flows/init.xml\n',
      ),
    )
    expect(lineStarting(lines, BUFFERED)).toBeDefined()
    expect(lines.find((line) => line.startsWith('const PROXY_1'))).toContain(PROXY_STREAMING)
  })

  it.each([
    ['$body is read', `  <eval out="$b">$body</eval>\n${PROXY}`],
    ['$body is read by a template', `  <template out="$t">{ "a": {{ $body/json/a }} }</template>\n${PROXY}`],
    ['$body is an input location', `  <copy in="$body" out="$b"/>\n${PROXY}`],
    ['$request is an input location', `  <dump in="$request" status="200"/>\n${PROXY}`],
    ['a literal sort() key reads $body', `  <eval out="$s">sort($request/headers/x, '$body')</eval>\n${PROXY}`],
    [
      'a node of $request may climb to post',
      `  <eval out="$h">$request/headers</eval>\n  <eval out="$p">$h/../post</eval>\n${PROXY}`,
    ],
    ['a location is computed', `  <copy in="{$request/headers/x}" out="$b"/>\n${PROXY}`],
    ['$request/post is read', `  <eval out="$b">$request/post/a</eval>\n${PROXY}`],
    ['$request is read as a whole', `  <eval out="$b">$request</eval>\n${PROXY}`],
    [
      'a body src names $body',
      `  <request>{ "url": "http://u.test/", "body": { "src": "$body" } }</request>\n${PROXY}`,
    ],
    ['the proxy-request is not last', `${PROXY}\n  <eval out="$x">1</eval>`],
    [
      'another proxy-request runs first',
      `  <proxy-request if="false()">{ "origin": "http://u.test" }</proxy-request>\n${PROXY}`,
    ],
    [
      'follow-redirects is statically true',
      '  <proxy-request>{ "origin": "http://u.test", "options": { "follow-redirects": true } }</proxy-request>',
    ],
    [
      'follow-redirects is statically true inside a template block',
      '  <proxy-request>{ "origin": "http://u.test" {{if $request/headers/x}}, "options": { "follow-redirects": true }{{end}} }</proxy-request>',
    ],
    [
      'an upstream definition turns validate-request on (UP-PROXY-6)',
      '  <proxy-request>{ "origin": "http://u.test", "options": { "definition": {{ $env/DEF }} } }</proxy-request>',
    ],
  ])('not when %s', async (_, flow) => {
    expect(lineStarting(await handlers(project(flow)), BUFFERED)).toBeDefined()
  })

  it('not when a template file used by the flow reads $body', async () => {
    const files = project(`  <template src="t.json" out="$t"/>\n${PROXY}`, {
      'flows/t.json': '{ "a": {{ $body/json/a }} }',
    })
    expect(lineStarting(await handlers(files), BUFFERED)).toBeDefined()
  })

  it('not for any handler when the init flow reads the body', async () => {
    const lines = await handlers(
      project(
        PROXY,
        { 'flows/init.xml': '<flow>\n  <eval out="$b">$body</eval>\n</flow>\n' },
        'x-svc-init: flows/init.xml\n',
      ),
    )
    expect(lineStarting(lines, BUFFERED)).toBeDefined()
    expect(lines.find((line) => line.startsWith('const PROXY_1'))).toContain('streamRequestBody: false, stages: ')
  })
})
