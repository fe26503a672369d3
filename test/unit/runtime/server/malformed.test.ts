/**
 * Malformed HTTP (definition.md PL19): 400 (431 for a header section over 16 KiB) with an empty body
 * and Connection: close, no access log line, and the process keeps serving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { ask, flow, makeApp, parseRaw, rawExchange, route, startTestGateway, type TestGateway } from './helpers.js'

let gw: TestGateway
beforeAll(async () => {
  gw = await startTestGateway(
    makeApp({
      routes: [
        route(
          '/ok',
          null,
          flow('flows/ok.xml', (ctx) => void (ctx.contents.main = ['ok'])),
        ),
      ],
    }),
  )
})
afterAll(() => gw.close())

const BAD: [string, string, string][] = [
  ['unparsable request line', 'THIS IS NOT HTTP\r\n\r\n', '400 Bad Request'],
  ['unknown method token', 'FOO@ / HTTP/1.1\r\nHost: h\r\n\r\n', '400 Bad Request'],
  ['header line without colon', 'GET /ok HTTP/1.1\r\nHost: h\r\nBroken header\r\n\r\n', '400 Bad Request'],
  ['control character in the target', 'GET /o\x01k HTTP/1.1\r\nHost: h\r\n\r\n', '400 Bad Request'],
  ['invalid HTTP version', 'GET /ok HTTP/9.x\r\nHost: h\r\n\r\n', '400 Bad Request'],
  [
    'both Content-Length and chunked',
    'POST /ok HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    '400 Bad Request',
  ],
  [
    'header section over 16 KiB',
    `GET /ok HTTP/1.1\r\nHost: h\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
    '431 Request Header Fields Too Large',
  ],
]

describe('PL19', () => {
  it.each(BAD)('%s', async (_, bytes, status) => {
    const accessBefore = gw.logs('svc_access').length
    const raw = await rawExchange(gw.port, Buffer.from(bytes, 'latin1'))
    const { statusLine, headers, body } = parseRaw(raw)
    expect(statusLine).toBe(`HTTP/1.1 ${status}`)
    expect(headers).toContainEqual(['Connection', 'close'])
    expect(headers).toContainEqual(['Content-Length', '0'])
    expect(body).toBe('')
    // the server still answers, and no access line was written for the bad message
    const reply = await ask(gw.port, { path: '/ok' })
    expect(reply.text).toBe('ok')
    await gw.waitForLog('svc_access', (l) => l['path'] === '/ok')
    expect(gw.logs('svc_access').length).toBe(accessBefore + 1)
  })

  it('a connection closed mid-request does not stop the process', async () => {
    await rawExchange(gw.port, 'GET /ok HTTP/1.1\r\nHost: h\r\nX-Half', { endAfterWrite: true })
    expect((await ask(gw.port, { path: '/ok' })).text).toBe('ok')
  })
})
