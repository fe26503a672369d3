/**
 * templates.md section 14 run through the compiled path in-process: each example's template is parsed,
 * emitted, loaded and run on its input (T-CTX-1), and its output compared exactly (after T-WS-2).
 * Also T-EX-32 (the global is unchanged), T-EX-37 (typed results, T-CHK-3) and T-EX-39 (T-RUN-2).
 */
import { parseXmlDocument } from 'slimdom'
import { beforeAll, describe, expect, it } from 'vitest'

import {
  type CompiledTemplate,
  Content,
  EMPTY,
  EXTENSION_FUNCTIONS,
  RaisedError,
  renderTemplate,
  type Sequence,
  templateResult,
} from '../../../../runtime/index.js'
import { compileTemplates, newContext } from '../../compiler/template/helpers.js'
import { type ExampleInput, EXAMPLES, ORDER } from './examples.js'

/** Names of the extension functions an example needs that are not implemented yet. */
export function missingFunctions(needs: readonly string[] = []): string[] {
  return needs.filter((name) => EXTENSION_FUNCTIONS.get(name)?.status !== 'implemented')
}

function inputOf(input: ExampleInput): Sequence {
  if ('json' in input) return [new Content(Buffer.from(input.json), 'application/json')]
  if ('xml' in input) return [parseXmlDocument(input.xml) as never]
  if ('atomic' in input) return [input.atomic]
  return EMPTY
}

const runnable = EXAMPLES.filter((example) => missingFunctions(example.needs).length === 0)
let compiled: CompiledTemplate[] = []

beforeAll(async () => {
  compiled = await compileTemplates(runnable.map((example) => example.template))
})

describe('templates.md examples, compiled and run in-process', () => {
  it.each(runnable.map((example, index) => [example.id, index] as const))('%s', (_, index) => {
    const example = runnable[index]!
    expect(renderTemplate(newContext({ env: ['global'] }), compiled[index]!, inputOf(example.input))).toBe(
      example.output,
    )
  })

  for (const example of EXAMPLES.filter((e) => missingFunctions(e.needs).length > 0)) {
    it.skip(`${example.id}: needs ${missingFunctions(example.needs).join(', ')}() (extension functions, issue 6)`, () => {})
  }

  it('T-EX-32: a local variable shadows the global only inside the template', async () => {
    const [template] = await compileTemplates(['{{ $env }} {{$env := "x"}}{{ $env }}'])
    const ctx = newContext({ env: ['global'] })
    expect(renderTemplate(ctx, template!, EMPTY)).toBe('"global" "x"')
    expect(ctx.vars.get('env')).toEqual(['global'])
    // T-VAR-5: a later execution starts without the local
    expect(renderTemplate(ctx, template!, EMPTY)).toBe('"global" "x"')
  })

  it('T-EX-37: typed results (T-CHK-3): a double, and the empty sequence for null', async () => {
    const [sum, none] = await compileTemplates(['{{ sum(order/items/value/price) }}', '{{ order/coupon }}'])
    const input = inputOf({ json: ORDER })
    expect(templateResult(newContext(), sum!, input)).toEqual([29.5])
    expect(templateResult(newContext(), none!, input)).toEqual([])
  })

  it('T-EX-39: an XPath dynamic error stops the template with an RF at the command (T-RUN-2)', async () => {
    const [template] = await compileTemplates(['{"d": {{ xs:date(order/customer) }}}'])
    let error: unknown
    try {
      renderTemplate(newContext(), template!, inputOf({ json: ORDER }))
    } catch (thrown) {
      error = thrown
    }
    expect(error).toBeInstanceOf(RaisedError)
    const raised = error as RaisedError
    expect(raised.code).toBe(5001)
    expect(String((raised.errorObject.get('info') as string[])[0])).toMatch(
      /^flows\/order\.xml:3:9: template: FORG0001: /,
    )
  })
})
