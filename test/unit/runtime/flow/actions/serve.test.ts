/**
 * The `serve` action (actions.md ACT-serve-1..8; operations.md FS1-FS5): compile checks, the files a
 * request path may reach (traversal attempts with `..`, `%2e%2e`, encoded slashes, absolute paths,
 * NUL bytes, dot files and symbolic links out of the folder all refused), media types, redirects,
 * the fallback document and conditional requests.
 */
import { chmodSync, mkdirSync, symlinkSync, utimesSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { formatHttpDate, parseHttpDate } from '../../../../../runtime/flow/actions/http-date.js'
import {
  BREAK,
  Content,
  CONTINUE,
  createLogger,
  EMPTY,
  FlowContext,
  RaisedError,
  serve,
  type ServeSpec,
} from '../../../../../runtime/index.js'
import { renderFlowResponse } from '../../../../../runtime/server/send.js'
import { clientRequest, compileProject, lowerFlowText, makeSite, removeSite, writeSiteFile } from './helpers.js'

const MODIFIED = Date.UTC(2024, 2, 9, 12, 30, 15, 700)
const MODIFIED_TEXT = 'Sat, 09 Mar 2024 12:30:15 GMT'

let root = ''
let outside = ''
beforeAll(() => {
  root = makeSite({
    'web/site.xml': '<flow><serve dir="public" fallback-doc="public/app.html"/></flow>',
    'web/public/app.html': '<!doctype html><title>app</title>',
    'web/public/index.html': '<h1>home</h1>',
    'web/public/app.js': 'console.log(1)',
    'web/public/img/logo.svg': '<svg/>',
    'web/public/docs/index.html': '<h1>docs</h1>',
    'web/public/empty/readme.txt': 'no index here',
    'web/public/data.json': '{"a":1}',
    'web/public/font.woff2': new Uint8Array([1, 2, 3]),
    'web/public/archive.tar.GZ': 'x',
    'web/public/.env': 'SECRET=1',
    'web/public/a b.txt': 'spaced',
    'web/private/secret.txt': 'inside the project, outside the folder',
  })
  outside = makeSite({ 'passwd.txt': 'outside the project' })
  symlinkSync('../private/secret.txt', join(root, 'web/public/leak.txt'))
  symlinkSync(join(outside, 'passwd.txt'), join(root, 'web/public/passwd.txt'))
  symlinkSync('../private', join(root, 'web/public/private-dir'))
  symlinkSync('img/logo.svg', join(root, 'web/public/logo-link.svg'))
  for (const path of [
    'web/public/app.html',
    'web/public/index.html',
    'web/public/app.js',
    'web/public/img/logo.svg',
    'web/public/data.json',
  ]) {
    utimesSync(join(root, path), MODIFIED / 1000, MODIFIED / 1000)
  }
})
afterAll(() => {
  removeSite(root)
  removeSite(outside)
})

const SPEC: ServeSpec = { dir: 'web/public', fallback: 'web/public/app.html', terminate: true }

async function served(
  path: string,
  options: { query?: string; headers?: Record<string, string>; spec?: ServeSpec } = {},
) {
  const ctx = new FlowContext(
    { siteRoot: root, logger: createLogger(() => {}), env: EMPTY, server: EMPTY },
    'r1',
    new AbortController().signal,
  )
  ctx.request = clientRequest({ path, query: options.query ?? null, headers: options.headers ?? {} })
  await serve(ctx, 'web/site.xml:1:7', options.spec ?? SPEC, { kind: 'main-content' })
  const response = renderFlowResponse(ctx)
  const body = typeof response.body === 'string' ? response.body : Buffer.from(response.body).toString('utf8')
  const headers = Object.fromEntries(response.headers.map(([name, value]) => [name.toLowerCase(), value]))
  return { ctx, status: response.status, contentType: response.contentType, headers, body }
}

describe('ACT-serve-2, ACT-serve-4 found files', () => {
  it.each([
    ['/app.js', 'text/javascript; charset=utf-8', 'console.log(1)'],
    ['/img/logo.svg', 'image/svg+xml', '<svg/>'],
    ['/data.json', 'application/json', '{"a":1}'],
    ['/font.woff2', 'font/woff2', '\u0001\u0002\u0003'],
    ['/archive.tar.GZ', 'application/octet-stream', 'x'],
    ['/a%20b.txt', 'text/plain; charset=utf-8', 'spaced'],
    ['//img//logo.svg', 'image/svg+xml', '<svg/>'],
    ['/logo-link.svg', 'image/svg+xml', '<svg/>'],
  ])('GET %s: 200, %s (FS3)', async (path, type, body) => {
    const response = await served(path)
    expect([response.status, response.contentType, response.body]).toEqual([200, type, body])
  })

  it('ACT-serve-4 Last-Modified is the file time in whole seconds; the content is written to out', async () => {
    const response = await served('/app.js')
    expect(response.headers['last-modified']).toBe(MODIFIED_TEXT)
    const main = response.ctx.contents.main![0] as Content
    expect([main.text, main.mediaType]).toEqual(['console.log(1)', 'text/javascript; charset=utf-8'])
  })
})

describe('ACT-serve-2 paths that may not reach a file get the fallback document', () => {
  it.each([
    ['a missing file', '/settings/profile'],
    ['.. in the path', '/../private/secret.txt'],
    ['.. below the folder', '/img/../../private/secret.txt'],
    ['encoded dots %2e%2e', '/%2e%2e/private/secret.txt'],
    ['mixed-case encoded dots', '/%2E%2e/%2e%2E/web/private/secret.txt'],
    ['an encoded slash', '/..%2fprivate%2fsecret.txt'],
    ['an encoded backslash', '/..%5cprivate%5csecret.txt'],
    ['an absolute path', '//etc/passwd'],
    ['an encoded absolute path', '/%2fetc%2fpasswd'],
    ['a NUL byte', '/app.js%00.html'],
    ['invalid percent-encoding', '/app%zz.js'],
    ['a dot file', '/.env'],
    ['a symbolic link out of the folder (inside the project)', '/leak.txt'],
    ['a symbolic link out of the project', '/passwd.txt'],
    ['a linked folder out of the folder', '/private-dir/secret.txt'],
  ])('%s (%s)', async (_, path) => {
    const response = await served(path)
    expect([response.status, response.contentType, response.body]).toEqual([
      200,
      'text/html; charset=utf-8',
      '<!doctype html><title>app</title>',
    ])
  })
})

describe('ACT-serve-3 folders', () => {
  it('a folder without a trailing slash is redirected, with the query kept', async () => {
    const response = await served('/docs', { query: 'a=1&b' })
    expect([response.status, response.headers['location'], response.body, response.contentType]).toEqual([
      301,
      '/docs/?a=1&b',
      '',
      null,
    ])
  })

  it('the redirect never names another host (//host)', async () => {
    expect((await served('//docs')).headers['location']).toBe('/docs/')
  })

  it('a folder with a trailing slash serves its index.html; the root too', async () => {
    expect((await served('/docs/')).body).toBe('<h1>docs</h1>')
    expect((await served('/')).body).toBe('<h1>home</h1>')
  })

  it('a folder without index.html gets the fallback document', async () => {
    expect((await served('/empty/')).body).toBe('<!doctype html><title>app</title>')
  })
})

describe('ACT-serve-8 conditional requests', () => {
  it.each([
    ['the same second', MODIFIED_TEXT, 304],
    ['a later date', 'Sun, 10 Mar 2024 00:00:00 GMT', 304],
    ['an earlier date', 'Sat, 09 Mar 2024 12:30:14 GMT', 200],
    ['the RFC 850 form', 'Saturday, 09-Mar-24 12:30:15 GMT', 304],
    ['the asctime form', 'Sat Mar  9 12:30:15 2024', 304],
    ['an unparsable date (ignored)', 'yesterday', 200],
  ])('If-Modified-Since %s: %i', async (_, since, status) => {
    const response = await served('/app.js', { headers: { 'If-Modified-Since': since } })
    expect(response.status).toBe(status)
    expect(response.headers['last-modified']).toBe(MODIFIED_TEXT)
    if (status === 304) {
      expect(response.body).toBe('')
      expect(response.ctx.contents.main).toBeUndefined()
    }
  })

  it('the fallback document is conditional too', async () => {
    expect((await served('/nothing', { headers: { 'If-Modified-Since': MODIFIED_TEXT } })).status).toBe(304)
  })

  it('HTTP dates are written as IMF-fixdate and read in the three forms', () => {
    expect(formatHttpDate(MODIFIED - 700)).toBe(MODIFIED_TEXT)
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(Date.UTC(1994, 10, 6, 8, 49, 37))
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(Date.UTC(1994, 10, 6, 8, 49, 37))
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(Date.UTC(1994, 10, 6, 8, 49, 37))
    expect(parseHttpDate('2024-03-09T12:30:15Z')).toBeUndefined()
  })
})

describe('ACT-serve-5..7', () => {
  it('ACT-serve-5 a fallback document that cannot be read is an RF', async () => {
    const error = await served('/nothing', { spec: { ...SPEC, fallback: 'web/public/gone.html' } }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(RaisedError)
    expect((error as RaisedError).errorObject.get('info')).toEqual([
      'web/site.xml:1:7: serve: the fallback document web/public/gone.html cannot be read',
    ])
  })

  it.skipIf(process.getuid?.() === 0)(
    'ACT-serve-6 a file that cannot be read: 403 and an empty body (skipped as root, who reads every file)',
    async () => {
      writeSiteFile(root, 'web/public/locked.txt', 'x')
      chmodSync(join(root, 'web/public/locked.txt'), 0)
      const response = await served('/locked.txt')
      expect([response.status, response.body]).toEqual([403, ''])
    },
  )

  it('ACT-serve-7 without terminate the body is left to later actions; out holds the content', async () => {
    const ctx = new FlowContext(
      { siteRoot: root, logger: createLogger(() => {}), env: EMPTY, server: EMPTY },
      'r1',
      new AbortController().signal,
    )
    ctx.request = clientRequest({ path: '/data.json' })
    await serve(ctx, 'at', { ...SPEC, terminate: false }, { kind: 'variable', name: 'file' })
    expect(ctx.response.body).toBeUndefined()
    expect(ctx.response.status).toBe(200)
    expect(ctx.response.headers.get('Content-Type')).toBe('application/json')
    expect((ctx.vars.get('file')[0] as Content).text).toBe('{"a":1}')
  })
})

describe('serve: compile checks and generated code', () => {
  it.each([
    [
      'dir and fallback-doc are required',
      '<flow><serve dir="public"/></flow>',
      ['web/f.xml:1:7: error: missing required attribute fallback-doc on <serve>'],
    ],
    [
      'dir must exist',
      '<flow><serve dir="nope" fallback-doc="public/app.html"/></flow>',
      ['web/f.xml:1:14: error: dir "nope" does not exist'],
    ],
    [
      'dir must be a folder',
      '<flow><serve dir="public/app.js" fallback-doc="public/app.html"/></flow>',
      ['web/f.xml:1:14: error: dir "public/app.js" is not a directory'],
    ],
    [
      'dir must lie inside the project',
      '<flow><serve dir="../../" fallback-doc="app.html"/></flow>',
      ['web/f.xml:1:14: error: dir "../../" leaves the project root'],
    ],
    [
      'a linked dir must lie inside the project',
      '<flow><serve dir="public/outside" fallback-doc="/x.html"/></flow>',
      ['web/f.xml:1:14: error: dir "public/outside" leaves the project root'],
    ],
    [
      'fallback-doc must exist',
      '<flow><serve dir="public" fallback-doc="public/none.html"/></flow>',
      ['web/f.xml:1:27: error: fallback-doc "public/none.html" does not exist'],
    ],
    [
      'fallback-doc with / is relative to dir',
      '<flow><serve dir="public" fallback-doc="/public/app.html"/></flow>',
      ['web/f.xml:1:27: error: fallback-doc "/public/app.html" does not exist'],
    ],
  ])('ACT-serve-1 %s', (_, flow, want) => {
    mkdirSync(join(root, 'web/public'), { recursive: true })
    try {
      symlinkSync(outside, join(root, 'web/public/outside'))
    } catch {
      // made by an earlier case
    }
    expect(lowerFlowText(flow, { root, path: 'web/f.xml' }).lines).toEqual(want)
  })

  it('ACT-serve-1 (spec example) dir="../public" fallback-doc="/app.html" from flows/', () => {
    const { flow, lines } = lowerFlowText('<flow><serve dir="../web/public" fallback-doc="/app.html"/></flow>', {
      root,
      path: 'flows/f.xml',
    })
    expect(lines).toEqual([])
    expect(flow!.body[0]).toMatchObject({
      kind: 'serve',
      dir: 'web/public',
      fallback: 'web/public/app.html',
      terminate: true,
      output: { kind: 'main-content' },
    })
  })

  it('FS1 (example) the default flow serves the folder and ends the run; terminate="false" continues', async () => {
    writeSiteFile(
      root,
      'web/continue.xml',
      '<flow><serve dir="public" fallback-doc="public/app.html" terminate="false" out="$page"/><eval out="$after">1</eval></flow>',
    )
    const project = await compileProject(root, ['web/site.xml', 'web/continue.xml'])
    const served = await project.run('web/site.xml', { request: clientRequest({ path: '/img/logo.svg' }) })
    expect(served.completion).toBe(BREAK)
    const response = renderFlowResponse(served.ctx)
    expect([response.status, response.contentType, Buffer.from(response.body).toString()]).toEqual([
      200,
      'image/svg+xml',
      '<svg/>',
    ])
    const continued = await project.run('web/continue.xml', { request: clientRequest({ path: '/settings/profile' }) })
    expect(continued.completion).toBe(CONTINUE)
    expect(continued.ctx.vars.get('after')).toEqual([1])
    expect((continued.ctx.vars.get('page')[0] as Content).text).toBe('<!doctype html><title>app</title>')
  })
})
