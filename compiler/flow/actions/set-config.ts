/**
 * `<set-config>` (actions.md ACT-set-config-1; flows.md F-DOC-7 "special" body): the children form a
 * configuration tree. Supported elements and the values of their attributes:
 * `svc/validation` (`response`, `request` = `true`/`false`/`report-only`, `enable`) and
 * `security/force-backend-https` (`enable` = `true`/`false`). Anything else (elements, attributes) is
 * a CW and ignored; an invalid value of a supported attribute is a CE (F-DOC-6).
 */
import { suggest } from '../../diagnostics/did-you-mean.js'
import type { ConfigSettingNode } from '../../ir/gateway-actions.js'
import { checkContainerText } from '../body.js'
import type { LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import type { ActionEntry } from './types.js'

const MODES = ['true', 'false', 'report-only']
const BOOLEANS = ['true', 'false']

/** Supported element paths and the values each attribute accepts. */
const SETTINGS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'svc/validation': { response: MODES, request: MODES, enable: BOOLEANS },
  'security/force-backend-https': { enable: BOOLEANS },
}

export const SET_CONFIG: ActionEntry<'set-config'> = {
  name: 'set-config',
  inputs: () => [],
  lower(element, ctx, fields) {
    const settings: ConfigSettingNode[] = []
    const ok = lowerTree(element, '', ctx, settings)
    return ok ? { kind: 'set-config', ...fields, settings } : undefined
  },
}

/** The children of a tree element at `path` ('' for set-config itself); false after a CE. */
function lowerTree(element: XmlElement, path: string, ctx: LowerContext, out: ConfigSettingNode[]): boolean {
  checkContainerText(element, ctx)
  let ok = true
  for (const child of element.children) {
    if (child.namespaced) continue // already reported (F-DOC-3)
    const childPath = path === '' ? child.name : `${path}/${child.name}`
    if (SETTINGS[childPath] !== undefined) {
      const setting = lowerSetting(child, childPath, ctx)
      if (setting) out.push(setting)
      else ok = false
      continue
    }
    if (!Object.keys(SETTINGS).some((supported) => supported.startsWith(`${childPath}/`))) {
      const hint = suggest(childPath, Object.keys(SETTINGS))
      ctx.bag.warning(
        'flow/unknown-setting',
        ctx.elementLoc(child),
        `unsupported setting ${childPath} in <set-config>; ignored${hint.suffix}`,
        hint.names,
      )
      continue
    }
    for (const attribute of child.attributes) {
      ctx.bag.warning(
        'flow/unknown-setting',
        ctx.attributeLoc(attribute),
        `attribute ${attribute.name} on <${child.name}> in <set-config> is ignored`,
      )
    }
    ok = lowerTree(child, childPath, ctx, out) && ok
  }
  return ok
}

function lowerSetting(element: XmlElement, path: string, ctx: LowerContext): ConfigSettingNode | undefined {
  const accepted = SETTINGS[path]!
  const attributes: [string, string][] = []
  let ok = true
  for (const attribute of element.attributes) {
    const values = accepted[attribute.name]
    const loc = ctx.attributeLoc(attribute)
    if (values === undefined) {
      const hint = suggest(attribute.name, Object.keys(accepted))
      ctx.bag.warning(
        'flow/unknown-setting',
        loc,
        `unknown attribute ${attribute.name} on <${element.name}> in <set-config>; ignored${hint.suffix}`,
        hint.names,
      )
      continue
    }
    const value = ctx.attributeValue(attribute).text.trim()
    if (!values.includes(value)) {
      ctx.bag.error(
        'flow/invalid-attribute',
        loc,
        `invalid value "${value}" for ${attribute.name} of <${element.name}>; expected ${values.join(', ')}`,
      )
      ok = false
      continue
    }
    attributes.push([attribute.name, value])
  }
  for (const child of element.children) {
    ctx.bag.warning(
      'flow/unknown-setting',
      ctx.elementLoc(child),
      `unsupported setting ${path}/${child.name} in <set-config>; ignored`,
    )
  }
  checkContainerText(element, ctx)
  return ok ? { loc: ctx.elementLoc(element), path, attributes } : undefined
}
