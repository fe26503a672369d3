import { describe, expect, it } from 'vitest'

import { keyLine, keyPathAt, levelOf } from '../../../../compiler/lsp/definition-document.js'

const yaml = `swagger: "2.0"
paths:
  x-svc-proxy: { origin: http://a }
  /items:
    x-svc-flow: flows/items.xml
    get:
      x-svc-flow: "flows/get.xml"
securityDefinitions:
  token:
    type: apiKey
`.split('\n')

describe('definition documents by indentation', () => {
  it('finds the level of an x-svc key from the keys above it', () => {
    expect(levelOf(keyPathAt(yaml, 1, 0))).toBe('top')
    expect(levelOf(keyPathAt(yaml, 2, 2))).toBe('paths')
    expect(levelOf(keyPathAt(yaml, 4, 4))).toBe('path')
    expect(levelOf(keyPathAt(yaml, 6, 6))).toBe('operation')
    expect(levelOf(keyPathAt(yaml, 9, 4))).toBe('scheme')
    expect(levelOf(['info'])).toBeUndefined()
  })

  it('reads a key and its value with the value position, quoted or not, in YAML and JSON', () => {
    expect(keyLine(yaml[6]!)).toEqual({
      indent: 6,
      key: 'x-svc-flow',
      value: { text: 'flows/get.xml', start: 19, end: 32 },
    })
    expect(keyLine('    "x-svc-flow": "flows/a.xml",')).toMatchObject({
      key: 'x-svc-flow',
      value: { text: 'flows/a.xml', start: 19 },
    })
    expect(keyLine('  get:')).toEqual({ indent: 2, key: 'get', value: undefined })
  })
})
