/** XML escaping of the JUnit report: markup, whitespace in attributes, characters XML 1.0 cannot hold. */
import { describe, expect, it } from 'vitest'

import { xmlAttribute, xmlText } from '../../../../compiler/testing/xml-text.js'
import { parseXmlTree } from '../../../helpers/xml-tree.js'

const CASES: [string, { given: string; text: string; attribute: string }][] = [
  [
    'markup',
    {
      given: `<a href="x">&amp;'</a>`,
      text: `&lt;a href="x"&gt;&amp;amp;'&lt;/a&gt;`,
      attribute: `&lt;a href=&quot;x&quot;&gt;&amp;amp;'&lt;/a&gt;`,
    },
  ],
  ['the end of a CDATA section', { given: ']]>', text: ']]&gt;', attribute: ']]&gt;' }],
  ['tab and line breaks', { given: 'a\tb\nc\r\nd', text: 'a\tb\nc&#13;\nd', attribute: 'a&#9;b&#10;c&#13;&#10;d' }],
  [
    'controls XML 1.0 forbids',
    {
      given: 'a\u0000b\u0007c\u001bd\u000b',
      text: 'a\\u0000b\\u0007c\\u001bd\\u000b',
      attribute: 'a\\u0000b\\u0007c\\u001bd\\u000b',
    },
  ],
  [
    'U+FFFE, U+FFFF and lone surrogates',
    {
      given: '\ufffe\uffff\ud800x\udc00',
      text: '\\ufffe\\uffff\\ud800x\\udc00',
      attribute: '\\ufffe\\uffff\\ud800x\\udc00',
    },
  ],
  [
    'astral characters and DEL stay',
    { given: '😀\u007f\u2028é', text: '😀\u007f\u2028é', attribute: '😀\u007f\u2028é' },
  ],
]

describe('xml-text', () => {
  it.each(CASES)('%s', (_, { given, text, attribute }) => {
    expect(xmlText(given)).toBe(text)
    expect(xmlAttribute(given)).toBe(attribute)
  })

  it('round-trips through a real XML parser, attributes included', () => {
    const given = 'a <b> & "c"\ttab\r\nnext ]]> end'
    const parsed = parseXmlTree(`<r a="${xmlAttribute(given)}">${xmlText(given)}</r>`)
    expect(parsed.attributes['a']).toBe(given)
    expect(parsed.text).toBe(given)
  })
})
