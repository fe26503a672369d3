/** Request IDs (upstream.md UP-GEN-1, UP-GEN-2): property names in `$upstream`, path segments in `svc://request/content/<id>`. */

export const REQUEST_ID_PATTERN = /^[A-Za-z_][A-Za-z0-9_-]*$/

/** The ID of the main content (UP-GEN-1: default of `request`, always that of a proxy). */
export const MAIN_ID = 'main'

export function isRequestId(text: string): boolean {
  return REQUEST_ID_PATTERN.test(text)
}
