/** operations.md CF1 defaults and CF3 validation of the environment. */
import { describe, expect, it } from 'vitest'

import { ConfigError, loadServerConfig } from '../../../../runtime/server/index.js'

describe('CF1 defaults', () => {
  it('an empty environment gives the documented defaults', () => {
    expect(loadServerConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      role: null,
      uidFormat: 'uid',
      trustRequestId: false,
      trustProxy: false,
      defaultTimeoutMs: 3000,
      maxTimeoutMs: 60000,
      maxBodySize: 10485760,
      maxUpstreamBodySize: 104857600,
      healthPath: '/_svc/health',
      accessLog: true,
      shutdownTimeoutMs: 10000,
    })
  })

  it('issue 8: the hardening limits have their documented defaults', () => {
    expect(loadServerConfig({})).toMatchObject({
      maxHeaderSize: 16384,
      maxUrlLength: 8192,
      maxQueryParams: 1000,
      headersTimeoutMs: 20000,
      requestTimeoutMs: 120000,
      keepAliveTimeoutMs: 5000,
      maxRequestsPerSocket: 1000,
      upstreamMaxConnections: 256,
    })
  })
})

const VALID: [string, Record<string, string>, Record<string, unknown>][] = [
  ['CF1 PORT 0 picks a free port', { PORT: '0' }, { port: 0 }],
  ['CF3 PORT upper bound', { PORT: '65535' }, { port: 65535 }],
  [
    'CF3 booleans are case-insensitive',
    { SVC_ACCESS_LOG: 'FALSE', SVC_TRUST_PROXY: 'True' },
    { accessLog: false, trustProxy: true },
  ],
  ['CF3 timeouts may have fractions', { SVC_SHUTDOWN_TIMEOUT: '0.5' }, { shutdownTimeoutMs: 500 }],
  ['CF1 SVC_FETCH_ alias is accepted', { SVC_FETCH_DEFAULT_TIMEOUT: '7' }, { defaultTimeoutMs: 7000 }],
  [
    'CF1 the name without FETCH_ wins',
    { SVC_FETCH_DEFAULT_TIMEOUT: '7', SVC_DEFAULT_TIMEOUT: '2' },
    { defaultTimeoutMs: 2000 },
  ],
  ['CF1 uuid4 id format', { SVC_UID_FORMAT: 'uuid4' }, { uidFormat: 'uuid4' }],
  ['CF1 role', { SVC_SERVER_ROLE: 'prod' }, { role: 'prod' }],
  ['HL2 empty health path disables', { SVC_HEALTH_PATH: '' }, { healthPath: '' }],
  ['CF1 SVC_DEBUG_AUTH allows the header', { SVC_DEBUG_AUTH: 'pw' }, { debugAllowHeader: true, debugAuth: 'pw' }],
  [
    'HL3 status auth split at the first colon',
    { SVC_STATUS_AUTH: 'u:p:q' },
    { statusAuth: { user: 'u', password: 'p:q' } },
  ],
  ['decided: an empty value counts as unset', { PORT: '' }, { port: 8080 }],
  [
    'issue 8: limits are read',
    { SVC_MAX_HEADER_SIZE: '32768', SVC_MAX_URL_LENGTH: '2048', SVC_MAX_QUERY_PARAMS: '50' },
    { maxHeaderSize: 32768, maxUrlLength: 2048, maxQueryParams: 50 },
  ],
  [
    'issue 8: slow-client timeouts in seconds',
    { SVC_HEADERS_TIMEOUT: '0.5', SVC_REQUEST_TIMEOUT: '0.5' },
    { headersTimeoutMs: 500, requestTimeoutMs: 500 },
  ],
  [
    'issue 8: 0 requests per socket means no limit',
    { SVC_MAX_REQUESTS_PER_SOCKET: '0', SVC_KEEP_ALIVE_TIMEOUT: '65' },
    { maxRequestsPerSocket: 0, keepAliveTimeoutMs: 65000 },
  ],
  ['issue 8: upstream connections per origin', { SVC_UPSTREAM_MAX_CONNECTIONS: '1' }, { upstreamMaxConnections: 1 }],
]

describe('CF3 accepted values', () => {
  it.each(VALID)('%s', (_, env, want) => expect(loadServerConfig(env)).toMatchObject(want))
})

const INVALID: [string, Record<string, string>, string][] = [
  ['CF3 PORT above 65535', { PORT: '65536' }, 'PORT'],
  ['CF3 PORT not an integer', { PORT: '80.5' }, 'PORT'],
  ['CF3 PORT negative', { PORT: '-1' }, 'PORT'],
  ['CF3 boolean other than true/false', { SVC_ACCESS_LOG: 'yes' }, 'SVC_ACCESS_LOG'],
  ['CF3 unknown SVC_UID_FORMAT', { SVC_UID_FORMAT: 'uuid7' }, 'SVC_UID_FORMAT'],
  ['CF3 negative timeout', { SVC_SHUTDOWN_TIMEOUT: '-3' }, 'SVC_SHUTDOWN_TIMEOUT'],
  ['CF3 body size with unit', { SVC_MAX_BODY_SIZE: '10MB' }, 'SVC_MAX_BODY_SIZE'],
  ['CF3 SVC_STATUS_AUTH without colon', { SVC_STATUS_AUTH: 'admin' }, 'SVC_STATUS_AUTH'],
  ['issue 8: header size with a unit', { SVC_MAX_HEADER_SIZE: '16k' }, 'SVC_MAX_HEADER_SIZE'],
  ['issue 8: header size below 1024', { SVC_MAX_HEADER_SIZE: '512' }, 'SVC_MAX_HEADER_SIZE'],
  ['issue 8: URL length 0', { SVC_MAX_URL_LENGTH: '0' }, 'SVC_MAX_URL_LENGTH'],
  ['issue 8: query parameters 0', { SVC_MAX_QUERY_PARAMS: '0' }, 'SVC_MAX_QUERY_PARAMS'],
  ['issue 8: headers timeout 0 switches protection off', { SVC_HEADERS_TIMEOUT: '0' }, 'SVC_HEADERS_TIMEOUT'],
  ['issue 8: request timeout not a number', { SVC_REQUEST_TIMEOUT: 'soon' }, 'SVC_REQUEST_TIMEOUT'],
  [
    'issue 8: headers timeout longer than request timeout',
    { SVC_HEADERS_TIMEOUT: '30', SVC_REQUEST_TIMEOUT: '10' },
    'SVC_HEADERS_TIMEOUT',
  ],
  ['issue 8: keep-alive timeout 0', { SVC_KEEP_ALIVE_TIMEOUT: '0' }, 'SVC_KEEP_ALIVE_TIMEOUT'],
  [
    'issue 8: requests per socket with a fraction',
    { SVC_MAX_REQUESTS_PER_SOCKET: '1.5' },
    'SVC_MAX_REQUESTS_PER_SOCKET',
  ],
  ['issue 8: upstream connections 0', { SVC_UPSTREAM_MAX_CONNECTIONS: '0' }, 'SVC_UPSTREAM_MAX_CONNECTIONS'],
  ['RL7 a Redis URL of another scheme', { SVC_REDIS_URL: 'http://127.0.0.1:6379' }, 'SVC_REDIS_URL'],
  ['RL7 cluster nodes that are paths', { SVC_REDIS_CLUSTER_NODES: 'a:1, redis://b:2/0' }, 'SVC_REDIS_CLUSTER_NODES'],
  ['RL8 Redis timeout 0', { SVC_REDIS_TIMEOUT: '0' }, 'SVC_REDIS_TIMEOUT'],
  ['RL8 unknown store fallback', { SVC_RATE_LIMIT_ON_STORE_ERROR: 'deny' }, 'SVC_RATE_LIMIT_ON_STORE_ERROR'],
]

describe('CF3 refused values', () => {
  it.each(INVALID)('%s', (_, env, variable) => {
    let caught: unknown
    try {
      loadServerConfig(env)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    expect((caught as ConfigError).variable).toBe(variable)
    expect((caught as ConfigError).message).toContain(variable)
  })

  it('CF3/X18 a refused SVC_REDIS_URL is shown without its password', () => {
    expect(() => loadServerConfig({ SVC_REDIS_URL: 'redis//:hunter2@cache:6379' })).toThrow(/^(?!.*hunter2)/)
  })

  it('RL7 cluster nodes as host:port or URLs', () => {
    expect(loadServerConfig({ SVC_REDIS_CLUSTER_NODES: '10.0.0.1:7000, rediss://b:7001' }).redisClusterNodes).toEqual([
      'redis://10.0.0.1:7000',
      'rediss://b:7001',
    ])
  })

  it('CF3/X18 the SVC_STATUS_AUTH value is not echoed in the message', () => {
    expect(() => loadServerConfig({ SVC_STATUS_AUTH: 'secret' })).toThrow(/^(?!.*secret)/)
  })
})
