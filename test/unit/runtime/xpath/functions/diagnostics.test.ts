/**
 * Diagnostics, time and ids (xpath-functions.md 10.7, 10.11): svc-log (a debug message, then true),
 * svc-serialize (examples, pretty layout, documents, namespaces, every node kind), get-log (system
 * fields known so far, then fields of `log` actions), unixtime, uuid4 and uuid3 (examples, namespace
 * forms, failures).
 */
import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { type ClientRequest, Content, JsonNumber, JsonObject } from '../../../../../runtime/index.js'
import { run, single, values } from './helpers.js'

describe('svc-log (FN-svc-log-1)', () => {
  it('writes an info message with topic flow and returns true', () => {
    expect(run("svc-log(concat('rendering ', 'teaser'))")).toEqual({
      values: [true],
      messages: ['info [flow] rendering teaser'],
    })
  })

  it('useful with svc-serialize', () => {
    expect(run('svc-log(svc-serialize(json-parse(\'{"a":1}\'), false()))').messages).toEqual([
      'info [flow] <json object=""><a number="">1</a></json>',
    ])
  })
})

describe('svc-serialize (FN-svc-serialize-1, FN-svc-serialize-2)', () => {
  const ROWS: [string, string, unknown[]][] = [
    ['example compact', `svc-serialize(json-parse('{"a":1}'), false())`, ['<json object=""><a number="">1</a></json>']],
    [
      'pretty by default',
      `svc-serialize(json-parse('{"a":{"b":[1,null]},"k":"x"}'))`,
      [
        '<json object="">\n  <a object="">\n    <b array="">\n      <value number="">1</value>\n      <value null=""/>\n    </b>\n  </a>\n  <k string="">x</k>\n</json>',
      ],
    ],
    [
      'json-element names',
      `svc-serialize(json-parse('{"a b":1}'), false())`,
      ['<json object=""><json-element name="a b" number="">1</json-element></json>'],
    ],
    ['atomic first item', 'svc-serialize(1.5)', ['1.5']],
    ['atomic first item wins', "svc-serialize(('a', json-parse('1')))", ['a']],
    ['empty sequence', 'svc-serialize(())', ['']],
    [
      'a document starts with the declaration',
      `svc-serialize(json-to-xml('[1]'), false())`,
      ['<?xml version="1.0"?>\n<json array=""><value number="">1</value></json>'],
    ],
    [
      'several nodes concatenated',
      `svc-serialize(json-parse('[1,2]')/value, false())`,
      ['<value number="">1</value><value number="">2</value>'],
    ],
    [
      'escaping',
      `svc-serialize(xml-parse('<r a="&quot;&lt;&amp;&#10;">&lt;&amp;&gt;</r>')/r, false())`,
      ['<r a="&quot;&lt;&amp;&#10;">&lt;&amp;&gt;</r>'],
    ],
    [
      'text content is not changed when pretty',
      `svc-serialize(xml-parse('<r><p>a <b>b</b> c</p></r>')/r)`,
      ['<r>\n  <p>a <b>b</b> c</p>\n</r>'],
    ],
    [
      'whitespace of element-only content replaced',
      `svc-serialize(xml-parse('<r>\n    <a/>   <b/></r>')/r)`,
      ['<r>\n  <a/>\n  <b/>\n</r>'],
    ],
    [
      'comments, PIs, CDATA',
      `svc-serialize(xml-parse('<r><!--c--><?p d?><![CDATA[<x>]]></r>')/r, false())`,
      ['<r><!--c--><?p d?><![CDATA[<x>]]></r>'],
    ],
    [
      'namespace declarations kept',
      `svc-serialize(xml-parse('<a:r xmlns:a="urn:a"><a:x/></a:r>'), false())`,
      ['<?xml version="1.0"?>\n<a:r xmlns:a="urn:a"><a:x/></a:r>'],
    ],
    [
      'missing declarations added for a fragment',
      `svc-serialize(xml-parse('<a:r xmlns:a="urn:a" xmlns="urn:d"><a:x><y/></a:x></a:r>')/*/*, false())`,
      ['<a:x xmlns:a="urn:a"><y xmlns="urn:d"/></a:x>'],
    ],
    ['an attribute node', `svc-serialize(xml-parse('<r k="v"/>')/r/@k)`, ['k="v"']],
    ['a text node', `svc-serialize(xml-parse('<r>a&amp;b</r>')/r/text())`, ['a&amp;b']],
    ['split tokens', "svc-serialize(split('a b')/.., false())", ['<tokens><token>a</token><token>b</token></tokens>']],
    [
      'an HTML document',
      "svc-serialize(html-parse('<p>x'), false())",
      ['<?xml version="1.0"?>\n<html><head/><body><p>x</p></body></html>'],
    ],
  ]
  it.each(ROWS)('%s', (_name, expr, want) => expect(run(expr)).toEqual({ values: want, messages: [] }))

  it('a decoded content value serializes as its document', () => {
    expect(
      values('svc-serialize($c, false())', { vars: { c: [Content.fromText('{"a":true}', 'application/json')] } }),
    ).toEqual(['<?xml version="1.0"?>\n<json object=""><a boolean="">true</a></json>'])
  })
})

describe('get-log (FN-get-log-1, ACT-log-5)', () => {
  const request: ClientRequest = {
    method: 'POST',
    path: '/api/orders',
    query: 'x=1',
    headers: new Map([
      ['user-agent', 'curl/8'],
      ['content-type', 'application/json'],
    ]),
    host: 'localhost',
    port: 8080,
    url: 'http://localhost:8080/api/orders?x=1',
    endpoint: '/api/orders',
    params: [],
    body: Content.fromText('{"a":1}', 'application/json'),
  }

  it('the system fields known so far, in LG3 order', () => {
    expect(values('json-stringify(get-log())', { request })).toEqual([
      '{"requestID":"req-7","url":"http://localhost:8080/api/orders?x=1","path":"/api/orders?x=1","method":"POST","agent":"curl/8","referrer":"","requestbytes":7,"requestmime":"application/json"}',
    ])
  })

  it('then the fields registered by log actions (example)', () => {
    const logFields = new JsonObject(
      ['tenant', 'client', 'requestID'],
      ['acme', new JsonObject(['build'], [new JsonNumber('12')]), 'ignored'],
    )
    expect(values("get-log()/tenant = 'acme'", { request, logFields })).toEqual([true])
    expect(values('get-log()/*/name()', { request, logFields })).toEqual([
      'requestID',
      'url',
      'path',
      'method',
      'agent',
      'referrer',
      'requestbytes',
      'requestmime',
      'tenant',
      'client',
    ])
    expect(values('get-log()/requestID/string()', { request, logFields })).toEqual(['req-7'])
  })

  it('outside a client request only the request id is known', () => {
    expect(values('json-stringify(get-log())')).toEqual(['{"requestID":"req-7"}'])
  })
})

describe('unixtime, uuid4, uuid3 (FN-unixtime-1, FN-uuid4-1, FN-uuid3-1..3)', () => {
  it('FN-unixtime-1 seconds since the epoch, rounded down, an integer', () => {
    const before = Math.floor(Date.now() / 1000)
    const [now] = single('unixtime()').values as number[]
    const after = Math.floor(Date.now() / 1000)
    expect(now).toBeGreaterThanOrEqual(before)
    expect(now).toBeLessThanOrEqual(after)
    expect(single('unixtime() > 1700000000 and unixtime() instance of xs:integer').values).toEqual([true])
  })

  it('FN-uuid4-1 random version 4 UUIDs', () => {
    const ids = new Set<string>()
    for (let i = 0; i < 20; i++) {
      const [id] = single('uuid4()').values as string[]
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      ids.add(id!)
    }
    expect(ids.size).toBe(20)
  })

  it('FN-uuid3-1 examples', () => {
    expect(values("uuid3('6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'https://shop.example/orders')")).toEqual([
      'fbc5fff7-9137-34d1-a3ca-faa500bcdb72',
    ])
    expect(values("uuid3('hello')")).toEqual(['5d41402a-bc4b-3a76-b971-9d911017c592'])
  })

  it('FN-uuid3-1 against an MD5 computed here', () => {
    const digest = createHash('md5')
      .update(Buffer.from('6ba7b8109dad11d180b400c04fd430c8', 'hex'))
      .update('python.org')
      .digest()
    digest[6] = (digest[6]! & 0x0f) | 0x30
    digest[8] = (digest[8]! & 0x3f) | 0x80
    const hex = digest.toString('hex')
    const want = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    expect(want).toBe('6fa459ea-ee8a-3ca4-894e-db77e160355e') // RFC 4122 appendix B, as corrected in errata
    expect(values("uuid3('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'python.org')")).toEqual([want])
  })

  it('FN-uuid3-2 namespace forms: any case, without hyphens, in braces', () => {
    const want = values("uuid3('6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'x')")
    for (const ns of [
      '6BA7B811-9DAD-11D1-80B4-00C04FD430C8',
      '6ba7b8119dad11d180b400c04fd430c8',
      '{6ba7b811-9dad-11d1-80b4-00c04fd430c8}',
    ]) {
      expect(values(`uuid3('${ns}', 'x')`), ns).toEqual(want)
    }
  })

  it('FN-uuid3-2 anything else is an RW and ""', () => {
    for (const ns of [
      '6ba7b811-9dad-11d1-80b4-00c04fd430c',
      '6ba7b811-9dad11d1-80b4-00c04fd430c8',
      '{6ba7b811-9dad-11d1-80b4-00c04fd430c8',
      'zba7b811-9dad-11d1-80b4-00c04fd430c8',
      '',
    ]) {
      expect(run(`uuid3('${ns}', 'x')`), ns).toEqual({
        values: [''],
        messages: [`warn [eval] uuid3(): invalid namespace UUID "${ns}"`],
      })
    }
  })
})
