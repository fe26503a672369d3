/** Project-wide checks (compiler/validate): XC-7 unset variables. */
import { describe, expect, it } from 'vitest'

import { DiagnosticBag } from '../../../../compiler/diagnostics/diagnostic.js'
import type { FlowNode } from '../../../../compiler/ir/flow.js'
import { checkProject, RULES } from '../../../../compiler/validate/index.js'
import { compileFlow, reportLines, SITE } from '../flow/helpers.js'

function check(files: Record<string, string>, setElsewhere: string[] = []): string[] {
  const flows = new Map<string, FlowNode>()
  for (const [path, text] of Object.entries(files)) {
    const { flow, lines } = compileFlow(text, { path })
    expect(lines).toEqual([])
    flows.set(`${SITE}/${path}`, flow!)
  }
  const bag = new DiagnosticBag()
  checkProject(flows, bag, { setElsewhere })
  return reportLines(bag, SITE)
}

describe('XC-7 variables that nothing sets', () => {
  it('warns at the expression with a suggestion', () => {
    expect(check({ 'flows/a.xml': '<flow>\n  <if test="$reqeust/method">\n  </if>\n</flow>' })).toEqual([
      'flows/a.xml:2:13: warning: variable $reqeust is never set; did you mean $request?',
    ])
  })

  it('predefined variables and variables set by any flow of the project are fine', () => {
    const lines = check({
      'flows/a.xml': '<flow><eval>$body, $env, $request, $server, $upstream, $error, $total</eval></flow>',
      'flows/b.xml': '<flow><eval out="$total">1</eval></flow>',
    })
    expect(lines).toEqual([])
  })

  it('covers every expression position: if, break, return, dyn attributes, dynamic locations', () => {
    const lines = check({
      'flows/a.xml': [
        '<flow>',
        '<break if="$b1"/>',
        '<return if="$r1"/>',
        '<set-status code="{$s1}"/>',
        '<echo mime="{$m1}" status="{$t1}" if="$i1">x</echo>',
        '<dump in="$x{$d1}"/>',
        '</flow>',
      ].join('\n'),
    })
    expect(lines.map((line) => line.replace(/ is never set.*/, ''))).toEqual([
      'flows/a.xml:2:12: warning: variable $b1',
      'flows/a.xml:3:13: warning: variable $r1',
      'flows/a.xml:4:20: warning: variable $s1',
      'flows/a.xml:5:14: warning: variable $m1',
      'flows/a.xml:5:29: warning: variable $t1',
      'flows/a.xml:5:39: warning: variable $i1',
      'flows/a.xml:6:14: warning: variable $d1',
    ])
  })

  it('names set outside flows (security out-var) count as set', () => {
    expect(check({ 'flows/a.xml': '<flow><eval>$jwt</eval></flow>' }, ['jwt'])).toEqual([])
    expect(check({ 'flows/a.xml': '<flow><eval>$jwt</eval></flow>' })).toEqual([
      'flows/a.xml:1:13: warning: variable $jwt is never set',
    ])
  })

  it('the registry lists the rule', () => {
    expect(RULES.map((rule) => rule.id)).toContain('XC-7')
  })
})
