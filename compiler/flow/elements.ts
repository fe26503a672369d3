/**
 * The closed set of flow element names (flows.md F-DOC-4, F-DOC-5): actions, test actions, control
 * elements, and which of them are containers.
 */

/** Actions of actions.md, in its order. */
export const ACTION_NAMES = [
  'auth', 'copy', 'debug', 'dump', 'echo', 'error', 'eval', 'log', 'nameshave', 'pass-body', 'proxy-request',
  'regex', 'request', 'requests', 'serve', 'set-config', 'set-response-headers', 'set-status', 'sub-flow',
  'template', 'xslt',
] as const

/** Test actions: only inside `svc-test` documents (F-DOC-5). */
export const TEST_ACTION_NAMES = ['assert', 'backend-flow', 'set-env', 'test-request'] as const

export const CONTROL_NAMES = ['if', 'elseif', 'else', 'break', 'return'] as const

/** Every element name that may appear in a container. */
export const ELEMENT_NAMES: readonly string[] = [...ACTION_NAMES, ...TEST_ACTION_NAMES, ...CONTROL_NAMES]

export function isActionName(name: string): boolean {
  return (ACTION_NAMES as readonly string[]).includes(name)
}

export function isTestActionName(name: string): boolean {
  return (TEST_ACTION_NAMES as readonly string[]).includes(name)
}

/** Variables that test actions set (actions.md ACT-test-request-4), for the XC-7 check. */
export const TEST_REQUEST_VARIABLES = ['status', 'response', 'headers'] as const
