/**
 * Document access (xpath-functions.md 10.8, LOC-1, LOC-2): every example of body, content,
 * svc-document, json-doc, file-exists and lookup over a temporary site root, stored upstream bodies
 * and the main content, the location forms (relative to the flow file, `/`-rooted, `svc://`), paths
 * that leave the site root, caching per gateway, and the failures (RW and the failure value).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Content, FunctionCaches, oxnRoot, parseJson } from '../../../../../runtime/index.js'
import { result, run, type Setup, values } from './helpers.js'

let site: string

beforeAll(() => {
  site = mkdtempSync(join(tmpdir(), 'svc-functions-'))
  const files: Record<string, string> = {
    'conf/limits.json': '{"max": 25}',
    'conf/features.xml': '<features><beta>on</beta></features>',
    'conf/broken.xml': '<features><beta>on</features>',
    'conf/page.html': '<title>T</title><p class="x">Hi',
    'conf/notes.txt': '{"text": true}',
    'conf/bad.json': '{"max": ',
    'conf/list.json': '[1, 2]',
    'data/regions.json': '{"de": {"vat": 19}, "fr": "EU", "it": null, "n": 1.50, "b": false, "a": [1, "x"]}',
    'data/regions.shmt': 'fr=EU',
    'flows/local.json': '{"here": "flows"}',
    'mocks/.keep': '',
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(site, path, '..'), { recursive: true })
    writeFileSync(join(site, path), text)
  }
})

afterAll(() => rmSync(site, { recursive: true, force: true }))

function setup(extra: Partial<Setup> = {}): Setup {
  return {
    siteRoot: site,
    upstream: {
      rates: Content.fromText('{"eur": 1.08}', 'text/plain'),
      feed: Content.fromText(
        '<feed xmlns="http://www.w3.org/2005/Atom"><title>News</title></feed>',
        'application/atom+xml',
      ),
      page: Content.fromText('<p>x', 'text/html; charset=utf-8'),
      latin: new Content(Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65]), 'text/plain; charset=iso-8859-1'),
      broken: new Content(Buffer.from([0x61, 0xff, 0x62]), 'text/plain'),
      stock: Content.fromText('{"items": [1, 2, 3]}', 'application/json'),
      bad: Content.fromText('{"items": ', 'application/json'),
      empty: new Content(new Uint8Array(0), null),
    },
    ...extra,
  }
}

type Row = [rule: string, expr: string, want: unknown[], extra?: Partial<Setup>]

const MAIN_JSON: Partial<Setup> = { main: [Content.fromText('{"ok": true}', 'application/json')] }

const ROWS: Row[] = [
  ['FN-body-1 example JSON', "string(json-parse(body('rates'))/eur)", ['1.08']],
  ['FN-body-1 example XML', "string(xml-parse(body('feed'))/*:feed/*:title)", ['News']],
  ['FN-body-1 charset of the response', "body('latin')", ['Grüße']],
  ['FN-body-1 invalid sequences become U+FFFD', "body('broken')", ['a\ufffdb']],
  ['FN-body-1 default and empty id mean main', "body() = body('') and body() = ''", [true]],
  ['FN-body-1 main', 'body()', ['{"m":1}'], { upstream: { main: Content.fromText('{"m":1}', 'application/json') } }],
  ['FN-body-3 no stored body', "body('nope')", ['']],
  ['FN-body-3 a failed request without a response', "body('empty')", ['']],
  ['FN-content-1 example main JSON', 'content()/json/ok = true()', [true], MAIN_JSON],
  ['FN-content-1 example upstream', "count(content('stock')/json/items/value)", [3]],
  ['FN-content-1 empty id is the main content', "content('')/json/ok = true()", [true], MAIN_JSON],
  ['FN-content-2 XML content is a document', "string(content('feed')/*:feed/*:title)", ['News']],
  ['FN-content-2 HTML content is a document', "name(content('page')/html/body/p)", ['p']],
  ['FN-content-2 other media types give the text', "content('rates')", ['{"eur": 1.08}']],
  ['FN-content-2 content that does not parse gives the text', "content('bad')", ['{"items": ']],
  [
    'FN-content-2 a node gives the document of its tree',
    'content() instance of document-node()',
    [true],
    { main: [oxnRoot(parseJson('{"a":{"b":1}}')).childrenNamed('a')[0]!] },
  ],
  ['FN-content-2 a scalar gives itself', 'content()', [42], { main: [42] }],
  ['FN-content-3 the decoded tree is cached', 'content() is content()', [true], MAIN_JSON],
  ['FN-content-3 stored bodies too', "content('stock') is content('stock')", [true]],
  ['FN-content-4 missing main content', 'count(content())', [0]],
  ['FN-content-4 missing upstream content', "count(content('nope'))", [0]],
  ['FN-svc-document-1 example site XML', "svc-document('svc://site/conf/features.xml')/features/beta = 'on'", [true]],
  ['FN-svc-document-2 site HTML', "string(svc-document('svc://site/conf/page.html')/html/head/title)", ['T']],
  ['FN-svc-document-2 site JSON', "svc-document('svc://site/conf/limits.json')/json/max + 0", [25]],
  ['FN-svc-document-2 other file types', "count(svc-document('svc://site/conf/notes.txt'))", [0]],
  ['FN-svc-document-2 missing file', "count(svc-document('svc://site/conf/none.xml'))", [0]],
  ['FN-svc-document-2 outside the site root', "count(svc-document('svc://site/../x.xml'))", [0]],
  ['FN-svc-document-2 main content', "svc-document('svc://request/content')/json/ok = true()", [true], MAIN_JSON],
  ['FN-svc-document-2 upstream content', "string(svc-document('svc://request/content/feed')/*:feed/*:title)", ['News']],
  ['FN-svc-document-2 text content is no document', "count(svc-document('svc://request/content/rates'))", [0]],
  ['FN-svc-document-2 the empty document', "name(svc-document('svc://request/empty')/*)", ['empty']],
  ['FN-json-doc-1 example', "json-doc('/conf/limits.json')/max + 0", [25]],
  ['FN-json-doc-1 the root element', "name(json-doc('/conf/limits.json'))", ['json']],
  ['FN-json-doc-1 relative to the flow file', "string(json-doc('local.json')/here)", ['flows']],
  ['FN-json-doc-1 relative with ..', "json-doc('../conf/limits.json')/max + 0", [25]],
  ['FN-json-doc-1 svc://site URL', "json-doc('svc://site/conf/limits.json')/max + 0", [25]],
  ['FN-json-doc-1 JSON whatever the media type', "json-doc('/conf/notes.txt')/text = true()", [true]],
  ['FN-json-doc-1 upstream content', "json-doc('svc://request/content/rates')/eur + 0", [1.08]],
  [
    'FN-json-doc-1 main content holding a node',
    "string(json-doc('svc://request/content')/b)",
    ['1'],
    { main: [oxnRoot(parseJson('{"b":1}'))] },
  ],
  ['FN-json-doc-1 a new tree per call', "json-doc('/conf/limits.json') is json-doc('/conf/limits.json')", [false]],
  ['FN-file-exists-1 example directory', "file-exists('svc://site/mocks/')", [true]],
  ['FN-file-exists-1 example upstream content', "file-exists('svc://request/content/rates')", [true]],
  ['FN-file-exists-1 a file', "file-exists('svc://site/conf/limits.json')", [true]],
  ['FN-file-exists-1 a directory without slash', "file-exists('svc://site/conf')", [true]],
  ['FN-file-exists-1 a file asked as a directory', "file-exists('svc://site/conf/limits.json/')", [false]],
  ['FN-file-exists-1 missing file', "file-exists('svc://site/conf/none.json')", [false]],
  ['FN-file-exists-1 outside the site root', "file-exists('svc://site/../etc/passwd')", [false]],
  ['FN-file-exists-1 missing upstream content', "file-exists('svc://request/content/nope')", [false]],
  ['FN-file-exists-1 main content', "file-exists('svc://request/content')", [true], MAIN_JSON],
  ['FN-file-exists-1 no main content', "file-exists('svc://request/content')", [false]],
  ['FN-file-exists-1 other svc URLs', "file-exists('svc://request/empty')", [false]],
  ['FN-lookup-1 example string', "lookup('/data/regions.json', 'fr')", ['EU']],
  ['FN-lookup-1 example object', "lookup('/data/regions.json', 'de')", ['{"vat":19}']],
  ['FN-lookup-2 example default', "lookup('/data/regions.json', 'us', 'unknown')", ['unknown']],
  ['FN-lookup-1 null is the default', "lookup('/data/regions.json', 'it', 'none')", ['none']],
  ['FN-lookup-1 number literal', "lookup('/data/regions.json', 'n')", ['1.50']],
  ['FN-lookup-1 boolean', "lookup('/data/regions.json', 'b')", ['false']],
  ['FN-lookup-1 array as compact JSON', "lookup('/data/regions.json', 'a')", ['[1,"x"]']],
  ['FN-lookup-2 missing member without default', "lookup('/data/regions.json', 'us')", ['']],
  ['FN-lookup-1 relative path', "lookup('../data/regions.json', 'fr')", ['EU']],
]

describe('document functions in both tiers', () => {
  it.each(ROWS)('%s: %s', (_rule, expr, want, extra) => {
    const outcome = run(expr, setup(extra))
    expect(outcome.values).toEqual(want)
    expect(outcome.messages).toEqual([])
  })
})

describe('document function failures (FN-0-3)', () => {
  const CASES: [string, string, unknown[], string][] = [
    ['FN-json-doc-2 missing file', "json-doc('/conf/none.json')", [], 'json-doc(): /conf/none.json not found'],
    [
      'FN-json-doc-2 invalid JSON',
      "json-doc('/conf/bad.json')",
      [],
      'json-doc(): /conf/bad.json: invalid JSON at 1:9 (unexpected end of input, expected a JSON value)',
    ],
    ['FN-json-doc-2 outside the site root', "json-doc('/../../x.json')", [], 'json-doc(): /../../x.json not found'],
    [
      'FN-json-doc-2 missing content',
      "json-doc('svc://request/content/nope')",
      [],
      'json-doc(): svc://request/content/nope not found',
    ],
    ['LOC-1 variables are no readable location', "json-doc('$x')", [], 'json-doc(): not a readable location: $x'],
    ['LOC-1 unknown scheme', "json-doc('http://x/y.json')", [], 'json-doc(): unknown location http://x/y.json'],
    [
      'FN-svc-document-1 not an svc:// URL',
      "svc-document('/conf/features.xml')",
      [],
      'svc-document(): not an svc:// URL: /conf/features.xml',
    ],
    [
      'FN-svc-document-2 parse error',
      "svc-document('svc://site/conf/broken.xml')",
      [],
      'svc-document(): svc://site/conf/broken.xml does not parse as XML',
    ],
    [
      'FN-file-exists-2 not an svc:// URL',
      "file-exists('conf/limits.json')",
      [],
      'file-exists(): not an svc:// URL: conf/limits.json',
    ],
    ['FN-lookup-2 missing file', "lookup('/data/none.json', 'fr', 'd')", ['d'], 'lookup(): /data/none.json not found'],
    [
      'FN-lookup-2 other extension',
      "lookup('/data/regions.shmt', 'fr', 'd')",
      ['d'],
      'lookup(): /data/regions.shmt: only .json files are supported',
    ],
    [
      'FN-lookup-1 upper-case extension',
      "lookup('/data/REGIONS.JSON', 'fr', 'd')",
      ['d'],
      'lookup(): /data/REGIONS.JSON: only .json files are supported',
    ],
    [
      'FN-lookup-2 invalid file',
      "lookup('/conf/bad.json', 'max', 'd')",
      ['d'],
      'lookup(): /conf/bad.json: invalid JSON at 1:9 (unexpected end of input, expected a JSON value)',
    ],
    [
      'FN-lookup-1 not an object',
      "lookup('/conf/list.json', '0', 'd')",
      ['d'],
      'lookup(): /conf/list.json does not hold a JSON object',
    ],
  ]
  it.each(CASES)('%s', (_rule, expr, want, message) => {
    expect(run(expr, setup())).toEqual({ values: want, messages: [`warn [eval] ${message}`] })
  })
})

describe('LOC-2 site files are cached per gateway, never at module scope', () => {
  it('a gateway keeps what it read; another context reads afresh', () => {
    const caches = new FunctionCaches(site)
    writeFileSync(join(site, 'conf/changing.json'), '{"v": 1}')
    expect(values("json-doc('/conf/changing.json')/v + 0", setup({ caches }))).toEqual([1])
    writeFileSync(join(site, 'conf/changing.json'), '{"v": 2}')
    expect(values("json-doc('/conf/changing.json')/v + 0", setup({ caches }))).toEqual([1])
    expect(values("json-doc('/conf/changing.json')/v + 0", setup())).toEqual([2])
    expect(values("json-doc('/conf/changing.json')/v + 0", setup({ caches: new FunctionCaches(site) }))).toEqual([2])
  })

  it('FN-0-5 a cached file still gives a new tree per call', () => {
    const caches = new FunctionCaches(site)
    const [a] = result("json-doc('/conf/limits.json')", setup({ caches }))
    const [b] = result("json-doc('/conf/limits.json')", setup({ caches }))
    expect(a).not.toBe(b)
  })
})
