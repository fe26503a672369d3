// runtime/request-key: keys read from a client request (rate limits, hash pools) and the client address behind trusted proxies.
export { type KeyedRequest, readRequestKey, type RequestKeySpec } from './request-key.js'
export { clientAddress, parseTrustedProxies, TrustedProxies } from './trusted-proxies.js'
