/**
 * Content decoding by media type (flows.md F-VAR-9, F-VAR-13; oxn.md OXN-X5, OXN-X6).
 */
import { describe, expect, it } from 'vitest'

import {
  decodeBodyContent,
  decodeContent,
  mediaKindOf,
  OxnDocument,
  renderJson,
} from '../../../../runtime/oxn/index.js'
import { Content } from '../../../../runtime/values/index.js'

describe('OXN-X6 mediaKindOf', () => {
  const CASES: [string, string | null][] = [
    ['application/json', 'json'],
    ['application/problem+json', 'json'],
    ['application/vnd.api+json', 'json'],
    ['application/xml', 'xml'],
    ['text/xml', 'xml'],
    ['application/xhtml+xml', 'xml'],
    ['image/svg+xml', 'xml'],
    ['text/html', 'html'],
    ['text/plain', null],
    ['text/json', null],
    ['application/json5', null],
    ['', null],
    ['json', null],
    ['+json', null],
    ['application/+json', null],
    ['application/x-www-form-urlencoded', null],
  ]
  it.each(CASES)('%j -> %s', (essence, want) => expect(mediaKindOf(essence)).toBe(want))
})

describe('F-VAR-9 decodeContent', () => {
  it('JSON media types give an OXN document that remembers its content', () => {
    const content = Content.fromText('{"a":[1, 2.0]}', 'Application/JSON; charset=UTF-8')
    const decoded = decodeContent(content)
    expect(decoded).toBeInstanceOf(OxnDocument)
    expect((decoded as OxnDocument).content).toBe(content)
    expect(renderJson(decoded)).toBe('{"a":[1,2.0]}')
    expect(decodeContent(content)).toBe(decoded)
    expect(content.decoded).toBe(decoded)
  })

  it('+json media types decode as JSON', () => {
    expect(decodeContent(Content.fromText('1', 'application/problem+json'))).toBeInstanceOf(OxnDocument)
  })

  it('charset parameter is used for the text', () => {
    const content = new Content(Buffer.from('"gr\xf6\xdfe"', 'latin1'), 'application/json; charset=iso-8859-1')
    expect(renderJson(decodeContent(content))).toBe('"größe"')
  })

  const AS_TEXT: [string, string, string | null][] = [
    ['JSON that does not parse', '{"a":', 'application/json'],
    ['an empty JSON body', '', 'application/json'],
    ['plain text (OXN-X5)', 'hello', 'text/plain'],
    ['no media type', '{"a":1}', null],
    ['XML that is not well-formed', '<a>', 'application/xml'],
    ['XML with an internal DTD subset (OXN-X1)', '<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', 'text/xml'],
  ]
  it.each(AS_TEXT)('%s gives the text', (_, text, mediaType) => {
    const content = Content.fromText(text, mediaType)
    expect(decodeContent(content)).toBe(text)
    expect(content.decoded).toBe(text)
  })
})

describe('F-VAR-13 decodeBodyContent', () => {
  it('decodes JSON bodies', () => {
    const body = Content.fromText('{"user":{"id":7}}', 'application/json')
    expect(decodeBodyContent(body)).toBeInstanceOf(OxnDocument)
    expect(decodeBodyContent(body)).toBe(decodeBodyContent(body))
  })
  it.each([
    ['application/xml', '<a/>'],
    ['text/html', '<p>'],
    ['application/json', 'nope'],
    ['text/plain', 'x'],
  ])('a %s body %j is its text', (mediaType, text) =>
    expect(decodeBodyContent(Content.fromText(text, mediaType))).toBe(text),
  )
})
