/**
 * The configuration object of a `test-request` action (actions.md ACT-test-request-1): checked by the
 * compiler for a static body and by the action at run time. Apart from the action, so that the
 * compiler does not load the test run and the gateway with it.
 */
import type { ConfigProblems } from '../upstream/config-problems.js'
import { jsonTypeName } from '../upstream/config-values.js'
import { checkRequestConfig, type RequestConfig } from '../upstream/request-config.js'
import { JsonObject, type JsonValue } from '../values/json-value.js'

/** Properties of the configuration (ACT-test-request-1). */
const PROPERTIES = ['path', 'method', 'headers', 'cookies', 'query', 'post', 'body', 'uploads', 'options']

export interface TestRequestConfig {
  readonly path: string
  /** The UP-CFG part (`url` and `id` never set). */
  readonly request: RequestConfig
}

/** Checks a configuration object; undefined when it is unusable (errors in `problems`). */
export function checkTestRequestConfig(value: JsonValue, problems: ConfigProblems): TestRequestConfig | undefined {
  if (!(value instanceof JsonObject)) {
    problems.error([], `the test-request configuration must be an object, not ${jsonTypeName(value)}`)
    return undefined
  }
  const keys: string[] = []
  const values: JsonValue[] = []
  value.keys.forEach((key, i) => {
    if (!PROPERTIES.includes(key))
      problems.warning([key], `unknown property ${JSON.stringify(key)} in the test-request configuration is ignored`)
    else if (key !== 'path') {
      keys.push(key)
      values.push(value.values[i]!)
    }
  })
  const path = value.get('path')
  if (path === undefined || path === null)
    problems.error(['path'], 'path is required (the request path, starting with /)')
  else if (typeof path !== 'string') problems.error(['path'], `path must be a string, not ${jsonTypeName(path)}`)
  else if (!path.startsWith('/')) problems.error(['path'], `path must start with "/": ${JSON.stringify(path)}`)
  const request = checkRequestConfig(new JsonObject(keys, values), 'request', problems)
  return typeof path === 'string' && request !== undefined && !problems.hasErrors ? { path, request } : undefined
}
