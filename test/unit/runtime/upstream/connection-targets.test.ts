// Connection targets remembered per checked options object (runtime/upstream/connection-target.ts):
// a request reuses the target and pool key of the last one with the same options only when nothing
// the target is made of differs (upstream.md UP-NET-2, UP-NET-3, UP-TIME-2, UP-NET-7).
import { describe, expect, it } from 'vitest'

import {
  type ClientCertificate,
  type ConnectionTarget,
  ConnectionTargets,
  targetKey,
} from '../../../../runtime/upstream/connection-target.js'

const TARGET: ConnectionTarget = {
  protocol: 'http:',
  hostname: '127.0.0.1',
  port: 9001,
  proxyServer: null,
  proxyCredentials: null,
  tlsVersion: 'auto',
  tlsCiphers: null,
  ignoreCertificateErrors: false,
  certificate: null,
  connectTimeoutMs: null,
  disableReuse: false,
}
const ORIGIN = 'http://127.0.0.1:9001'
const CERTIFICATE: ClientCertificate = { path: 'certs/client.pem', pem: '', password: null }

describe('ConnectionTargets', () => {
  it('gives back the remembered target and its key for the same inputs', () => {
    const targets = new ConnectionTargets()
    const options = {}
    const remembered = targets.remember(options, ORIGIN, ORIGIN, TARGET)
    expect(remembered.key).toBe(targetKey(TARGET))
    expect(targets.get(options, ORIGIN, ORIGIN, null, null)).toBe(remembered)
  })

  it.each([
    ['another options object', [{}, ORIGIN, ORIGIN, null, null]],
    ['another origin (a redirect hop, another $env value)', [undefined, 'http://127.0.0.1:9002', ORIGIN, null, null]],
    [
      'another configured origin (transport options apply only to it, UP-NET-3)',
      [undefined, ORIGIN, 'http://other.test', null, null],
    ],
    ['a client certificate (UP-NET-2)', [undefined, ORIGIN, ORIGIN, CERTIFICATE, null]],
    ['a separate connect limit (UP-TIME-2)', [undefined, ORIGIN, ORIGIN, null, 500]],
  ] as const)('remembers nothing for %s', (_, [otherOptions, origin, configured, certificate, connectMs]) => {
    const targets = new ConnectionTargets()
    const options = {}
    targets.remember(options, ORIGIN, ORIGIN, TARGET)
    expect(targets.get(otherOptions ?? options, origin, configured, certificate, connectMs)).toBeUndefined()
  })

  it('keeps one entry per options object: the last one remembered', () => {
    const targets = new ConnectionTargets()
    const options = {}
    targets.remember(options, ORIGIN, ORIGIN, TARGET)
    const second = targets.remember(options, 'http://127.0.0.1:9002', ORIGIN, { ...TARGET, port: 9002 })
    expect(targets.get(options, ORIGIN, ORIGIN, null, null)).toBeUndefined()
    expect(targets.get(options, 'http://127.0.0.1:9002', ORIGIN, null, null)).toBe(second)
    expect(second.key).not.toBe(targetKey(TARGET))
  })
})
