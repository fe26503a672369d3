/**
 * Go to definition: from a definition's flow references (`x-svc-flow`, `x-svc-init`, `x-svc-error`,
 * `x-svc-default-flow`, and their `flow:` forms) and `$ref` files to the file; from a flow's file
 * attributes (`sub-flow src`, `template src`, `xslt src`, `serve dir`) to the file; and from a
 * variable reference `$x` to the `out` attribute that sets it (the nearest one before it, else the
 * first one after).
 */
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

import type { Location, Position } from 'vscode-languageserver/node'

import { flowPath } from '../definition/flow-ref.js'
import { keyLine, keyPathAt } from './definition-document.js'
import { documentKind, type FeatureContext, isProjectDocument } from './feature-context.js'
import {
  attributeDocOf,
  flowDocument,
  inExpression,
  placeIn,
  resolvePathAttribute,
  variableSetters,
  wordAt,
} from './flow-document.js'

const FLOW_KEYS = new Set(['x-svc-flow', 'x-svc-init', 'x-svc-error', 'x-svc-default-flow'])

export function definitionAt(at: FeatureContext, position: Position): Location | null {
  if (!isProjectDocument(at.path, at.document.getText())) return null
  const kind = documentKind(at.path)
  if (kind === 'definition') return definitionFileRef(at, position)
  if (kind !== 'flow') return null
  const text = at.document.getText()
  const offset = at.document.offsetAt(position)
  const flow = flowDocument(text, at.path, at.siteRoot)
  const place = placeIn(flow, offset)
  if (place.kind === 'attribute-value' && attributeDocOf(place.element.name, place.attribute.name)?.kind === 'path') {
    const target = resolvePathAttribute(flow, place.attribute.value)
    return target === undefined ? null : fileStart(target)
  }
  const { word } = wordAt(text, offset, /[-\w.$]/)
  const variable = /^\$([A-Za-z_][-\w.]*)$/.exec(word)
  if (!variable || !(inExpression(flow, place, offset) || place.kind === 'attribute-value')) return null
  const setters = variableSetters(flow).filter((setter) => setter.name === variable[1])
  const setter = setters.filter((s) => s.element.contentEnd < offset).at(-1) ?? setters[0]
  if (!setter) return null
  return {
    uri: at.document.uri,
    range: {
      start: at.document.positionAt(setter.attribute.valueStart),
      end: at.document.positionAt(setter.attribute.valueEnd),
    },
  }
}

function definitionFileRef(at: FeatureContext, position: Position): Location | null {
  const lines = at.document.getText().split(/\r\n|\r|\n/)
  const line = keyLine(lines[position.line] ?? '')
  if (!line?.value || position.character < line.value.start || position.character > line.value.end) return null
  const value = line.value.text
  if (line.key === '$ref') {
    const file = value.split('#')[0]!
    return file === '' || /^[a-z][a-z0-9+.-]*:/i.test(file) ? null : fileStart(resolve(dirname(at.path), file))
  }
  const parent = keyPathAt(lines, position.line, line.indent).at(-1)
  const isFlow = FLOW_KEYS.has(line.key) || (line.key === 'flow' && parent !== undefined && FLOW_KEYS.has(parent))
  return isFlow ? fileStart(flowPath(at.siteRoot, at.path, value)) : null
}

function fileStart(path: string): Location | null {
  if (!existsSync(path)) return null
  return { uri: pathToFileURL(path).href, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } }
}
