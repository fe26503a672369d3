/**
 * Builds the fixture project test/fixtures/e2e/10-template-examples from the example table: one route
 * and one flow per example; the input travels as the request body (JSON as `$body`, XML through
 * `xml-parse($body)`, the atomic value of T-EX-31 through a variable, no input as `in=""`); the
 * template's output becomes the response body (F-RESP-4: the text as produced, `text/plain` when it
 * is not valid JSON).
 */
import { type Example, EXAMPLES, ORDER } from './examples.js'

/** `T-EX-8 (concat)` -> `t-ex-8-concat` */
export function slug(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
}

/** The flow of one example; the template sits on line 3 after the `<template …>` start tag. */
function flowOf(example: Example): string {
  const input = example.input
  const prepare =
    'xml' in input
      ? `<eval out="$input">xml-parse($body)</eval>`
      : 'atomic' in input
        ? `<eval out="$input">'${input.atomic}'</eval>`
        : '<!-- input: the request body -->'
  const from = 'none' in input ? '' : 'json' in input ? '$body' : '$input'
  return `<flow>\n  ${prepare}\n  <template in="${from}">${escapeXml(example.template)}</template>\n</flow>\n`
}

function requestOf(example: Example): Record<string, unknown> {
  const input = example.input
  const path = `/api/templates/${slug(example.id)}`
  if ('json' in input)
    return { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: input.json }
  if ('xml' in input) return { method: 'POST', path, headers: { 'content-type': 'application/xml' }, body: input.xml }
  return { method: 'GET', path }
}

/** Whether the output is JSON (its media type, F-RESP-5 step 4 for template output). */
function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * T-EX-39 over HTTP: the RF's error document names the `{{` of the placeholder in the flow file and
 * the XPath error code; the engine's message after the code is fontoxpath 3.34's.
 */
const RUNTIME_ERROR: Example = {
  id: 'T-EX-39',
  input: { json: ORDER },
  template: '{"d": {{ xs:date(order/customer) }}}',
  output: '',
}
const RUNTIME_ERROR_CAUSE = 'FORG0001: Cannot cast Dana to xs:date, pattern validation failed.'

/** Every file of the fixture project, by path relative to its folder. */
export function fixtureFiles(): Map<string, string> {
  const files = new Map<string, string>()
  const paths: string[] = []
  const cases: unknown[] = []
  for (const example of [...EXAMPLES, RUNTIME_ERROR]) {
    const name = slug(example.id)
    paths.push(`  /templates/${name}:\n    x-svc-flow: flows/${name}.xml`)
    files.set(`flows/${name}.xml`, flowOf(example))
    const response =
      example === RUNTIME_ERROR
        ? {
            status: 500,
            jsonSubset: {
              error: {
                code: 5001,
                message: 'Flow Execution Failed',
                info: [
                  `flows/${name}.xml:3:${'  <template in="$body">{"d": '.length + 1}: template: ${RUNTIME_ERROR_CAUSE}`,
                ],
              },
            },
          }
        : {
            status: 200,
            headers: { 'content-type': isJson(example.output) ? 'application/json' : 'text/plain' },
            body: example.output,
          }
    cases.push({ name: example.id, request: requestOf(example), response })
  }
  files.set(
    'definition.yaml',
    `# templates.md section 14 (T-EX-1 … T-EX-39) over HTTP; generated from test/unit/runtime/template/examples.ts\nswagger: "2.0"\nbasePath: /api\npaths:\n${paths.join('\n')}\n`,
  )
  files.set('expect.json', JSON.stringify({ cases }, null, 2) + '\n')
  return files
}
