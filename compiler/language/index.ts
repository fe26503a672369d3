/**
 * The language of definitions and flows as editors see it: one documentation table (actions, control
 * elements, extension functions, `x-svc-*` extensions) that feeds the editor schemas, the reference
 * page and the language server's hover and completion, and lookups into it.
 */
import { ACTION_DOCS, type ActionDoc, CONTROL_DOCS, type ControlElement, type ElementDoc } from '../flow/action-docs.js'
import type { ActionKind } from '../ir/statements.js'
import { EXTENSION_DOCS, type ExtensionDoc } from './extension-docs.js'
import { FUNCTION_DOCS, type FunctionDoc } from './function-docs.js'

export { ACTION_DOCS, COMMON_ATTRIBUTES, CONTROL_DOCS } from '../flow/action-docs.js'
export type {
  ActionDoc,
  AttributeDoc,
  AttributeKind,
  BodyKind,
  ControlElement,
  ElementDoc,
} from '../flow/action-docs.js'
export { EXTENSION_DOCS } from './extension-docs.js'
export type { ExtensionDoc, ExtensionLevel } from './extension-docs.js'
export { FUNCTION_DOCS } from './function-docs.js'
export type { FunctionDoc } from './function-docs.js'

/** The documentation of action or test action `name`, if it is one. */
export function actionDoc(name: string): ActionDoc | undefined {
  return Object.hasOwn(ACTION_DOCS, name) ? ACTION_DOCS[name as ActionKind] : undefined
}

/** The documentation of control or container element `name` (`flow`, `if`, `backend-flow`, …), if it is one. */
export function controlDoc(name: string): ElementDoc | undefined {
  return Object.hasOwn(CONTROL_DOCS, name) ? CONTROL_DOCS[name as ControlElement] : undefined
}

/** Any element that may stand in a container or be a root: an action, a test action or a control element. */
export function elementDoc(name: string): ElementDoc | undefined {
  return actionDoc(name) ?? controlDoc(name)
}

/** The extension function `name` (without prefix), if the runtime has one. */
export function functionDoc(name: string): FunctionDoc | undefined {
  return Object.hasOwn(FUNCTION_DOCS, name) ? FUNCTION_DOCS[name] : undefined
}

/** The `x-svc-*` extension `key`, if there is one. */
export function extensionDoc(key: string): ExtensionDoc | undefined {
  return Object.hasOwn(EXTENSION_DOCS, key) ? EXTENSION_DOCS[key] : undefined
}
