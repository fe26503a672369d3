/**
 * JSON template bodies of actions (templates.md T-SRC-1, T-SRC-3, T-ERR-12; actions.md ACT-COMMON-3,
 * ACT-template-1): the element's text parsed as a template (positions in the flow file), or the file
 * its `src` names, relative to the flow file (the F-LOC-1 file forms: relative, `/…`, `svc://site/…`),
 * never both. Template-local variables count as set for XC-7. Also the compile-time check that a
 * static body is a JSON object.
 */
import { join } from 'node:path'

import { parseLocation } from '../../../runtime/context/location.js'
import { JsonObject } from '../../../runtime/values/json-value.js'
import type { TemplateNode } from '../../ir/template.js'
import { loadTemplateFile, parseTemplate } from '../../template/index.js'
import { bodyText } from '../body.js'
import { attributeOf, type LowerContext } from '../lower-context.js'
import type { XmlElement } from '../parse-xml.js'
import { firstNonWhitespace } from '../xml-text.js'

/**
 * The action's template: its body, or the `src` file when `allowSrc`; null when there is neither (a
 * blank body and no `src`); undefined after a reported CE.
 */
export function templateBody(
  element: XmlElement,
  ctx: LowerContext,
  allowSrc: boolean,
): TemplateNode | null | undefined {
  const body = bodyText(element, ctx)
  if (!body) return undefined
  const blank = firstNonWhitespace(body.text) < 0
  const src = allowSrc ? attributeOf(element, 'src') : undefined
  let template: TemplateNode | undefined
  if (src) {
    const srcLoc = ctx.attributeLoc(src)
    if (!blank) {
      ctx.bag.error('flow/template-body-and-src', srcLoc, `<${element.name}> cannot have both a body and src`)
      return undefined
    }
    const text = ctx.attributeValue(src).text
    const parsed = parseLocation(text, ctx.dir)
    if (!parsed.ok || parsed.location.kind !== 'file') {
      ctx.bag.error(
        'flow/invalid-template-src',
        srcLoc,
        `invalid template src "${text}": ${parsed.ok ? 'src must name a file' : parsed.reason}`,
      )
      return undefined
    }
    template = loadTemplateFile(
      join(ctx.options.siteRoot, parsed.location.path),
      text,
      srcLoc,
      ctx.bag,
      ctx.options.parseExpression,
      ctx.options.files,
    )
  } else {
    if (blank) return null
    template = parseTemplate(body, ctx.bag, ctx.options.parseExpression)
  }
  for (const name of template?.assigned ?? []) ctx.assigned.add(name)
  return template
}

/** The body of an action without `src` whose body may be left out (then empty); undefined after a CE. */
export function optionalBody(element: XmlElement, ctx: LowerContext): TemplateNode | undefined {
  const body = templateBody(element, ctx, false)
  return body === null ? emptyTemplate(element, ctx) : body
}

/** An empty template (T-CHK-6) at the element's content, for actions whose body may be left out. */
export function emptyTemplate(element: XmlElement, ctx: LowerContext): TemplateNode {
  return {
    kind: 'template',
    loc: ctx.loc(element.contentStart),
    body: [],
    isStatic: true,
    staticText: '',
    assigned: [],
  }
}

/**
 * ACT-COMMON-3: a static body must be a JSON object; reported as a CE (false), at the JSON error or at
 * the template. Dynamic bodies are checked at run time.
 */
export function checkStaticObject(template: TemplateNode, element: XmlElement, ctx: LowerContext): boolean {
  if (!template.isStatic) return true
  const what = `the body of <${element.name}>`
  if (template.staticError) {
    ctx.bag.error(
      'flow/invalid-template-output',
      template.staticError.loc,
      `${what} is not a JSON object: ${template.staticError.message}`,
    )
    return false
  }
  if (template.staticJson instanceof JsonObject) return true
  const found = template.staticJson === undefined ? 'it is empty' : `found ${describe(template.staticJson)}`
  // at the first significant character of the text, or at the element when the body is empty
  ctx.bag.error(
    'flow/invalid-template-output',
    template.body[0]?.loc ?? ctx.elementLoc(element),
    `${what} must be a JSON object; ${found}`,
  )
  return false
}

function describe(value: TemplateNode['staticJson']): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string') return 'a string'
  if (typeof value === 'boolean') return 'a boolean'
  return 'a number'
}
