/** Masking of secrets in debug output (operations.md DB9). */
import { describe, expect, it } from 'vitest'

import {
  maskData,
  maskEnvironment,
  maskHeaderValue,
  maskText,
  secretHeaderValues,
  textSecrets,
} from '../../../../runtime/debug/mask.js'

describe('DB9 masking', () => {
  it('masks environment variables whose name contains a secret word, in any case', () => {
    const env = {
      DB_PASSWORD: 'pw1',
      api_key: 'k',
      GitHubToken: 't',
      MY_SECRET: 's',
      PASSWD: 'p',
      AUTH_HEADER: 'a',
      CREDENTIALS: 'c',
      PATH: '/bin',
      SHOP: 'eu',
    }
    expect(maskEnvironment(env)).toEqual({
      AUTH_HEADER: '***',
      CREDENTIALS: '***',
      DB_PASSWORD: '***',
      GitHubToken: '***',
      MY_SECRET: '***',
      PASSWD: '***',
      PATH: '/bin',
      SHOP: 'eu',
      api_key: '***',
    })
  })

  it('masks Authorization, Proxy-Authorization and Cookie header values', () => {
    expect(maskHeaderValue('Authorization', 'Bearer abc')).toBe('***')
    expect(maskHeaderValue('proxy-authorization', 'Basic x')).toBe('***')
    expect(maskHeaderValue('Cookie', 'a=b')).toBe('***')
    expect(maskHeaderValue('Accept', 'text/plain')).toBe('text/plain')
  })

  it('masks secret members at any depth of structured data', () => {
    const data = {
      headers: { authorization: 'Bearer abc', accept: '*/*' },
      env: { TOKEN: 'x', HOME: '/root' },
      list: [{ cookie: 'a=b' }],
    }
    expect(maskData(data)).toEqual({
      headers: { authorization: '***', accept: '*/*' },
      env: { TOKEN: '***', HOME: '/root' },
      list: [{ cookie: '***' }],
    })
  })

  it('masks secret values wherever they occur in message text', () => {
    const headers = new Map([
      ['authorization', 'Bearer eyJhbGciOi.payload.sig'],
      ['cookie', 'session=abcdef123; lang=de'],
    ])
    const secrets = textSecrets([...secretHeaderValues(headers), 'hunter22'])
    const text =
      'sent Bearer eyJhbGciOi.payload.sig; token eyJhbGciOi.payload.sig; cookie abcdef123; password hunter22; lang de'
    expect(maskText(text, secrets)).toBe('sent ***; token ***; cookie ***; password ***; lang de')
  })
})
