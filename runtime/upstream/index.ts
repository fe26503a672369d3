/**
 * runtime/upstream: upstream requests (upstream.md): the `request`, `requests` and `proxy-request`
 * actions, `x-svc-proxy` handlers, the configuration checks the compiler shares, connection pools,
 * the response cache, the streamed proxy, upstream validation and mocking, and upstream pools.
 */
export { request, type RequestAttributes } from './request-action.js'
export { UpstreamServices, type UpstreamSettings } from './services.js'
export { ConfigProblems, pathText, type ConfigProblem, type ConfigPath } from './config-problems.js'
export { checkRequestConfig, type RequestConfig } from './request-config.js'
export { checkOptions, OPTION_NAMES, type UpstreamOptions } from './options.js'
export { isRequestId, REQUEST_ID_PATTERN, MAIN_ID } from './request-id.js'
export { parseTargetUrl } from './target-url.js'
export { requests, requestsFrom } from './requests-action.js'
export { proxyRequest } from './proxy-action.js'
export { proxyHandler, proxyEnv, EnvValue, type ProxyData, type ProxySettings } from './proxy-handler.js'
export { checkProxyConfig, type ProxyConfig } from './proxy-config.js'
export {
  createUpstreamDefinitionTable,
  definitionSitePath,
  type UpstreamDefinitionTable,
} from './upstream-definitions.js'
export { optionsNeedingDefinition } from './upstream-contract.js'
export { defineUpstreamPools, UpstreamPools, UpstreamPoolTable } from './pools/pools.js'
export type { UpstreamPoolSpec } from './pools/spec.js'
