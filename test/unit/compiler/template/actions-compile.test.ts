/**
 * Compile-time behaviour of the template actions in whole projects: positions inside flow files after
 * entity decoding and in `src` files (templates.md T-SRC-1, T-SRC-3, T-ERR-12), attribute rules
 * (actions.md ACT-template-1, ACT-set-response-headers-1, ACT-log-1), static shape checks
 * (ACT-COMMON-3), and XC-7 with template-local variables.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { formatReport } from '../../../../compiler/diagnostics/format.js'
import { compile } from '../../../../compiler/index.js'

const roots: string[] = []
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true })
})

/** Compiles a project whose one route runs `flows/f.xml`; returns the diagnostics as printed. */
async function diagnostics(flow: string, files: Record<string, string | Uint8Array> = {}): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'svc-template-actions-'))
  roots.push(root)
  const all: Record<string, string | Uint8Array> = {
    'definition.yaml': 'swagger: "2.0"\npaths:\n  /x:\n    x-svc-flow: flows/f.xml\n',
    'flows/f.xml': flow,
    ...files,
  }
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  const result = await compile(join(root, 'definition.yaml'), { typecheck: false })
  return formatReport(result.diagnostics, { cwd: root, frames: false })
    .split('\n')
    .filter((line) => line !== '' && !/^\d+ errors?, \d+ warnings?$/.test(line))
}

const CASES: [string, { flow: string; files?: Record<string, string | Uint8Array>; want: string[] }][] = [
  [
    'T-SRC-3 positions before entity decoding (end of input: the }})',
    {
      flow: '<flow>\n  <template in="">&quot;a&amp;b&quot; {{ 1 + }}</template>\n</flow>',
      want: ['flows/f.xml:2:46: error: syntax error in expression: unexpected end of input'],
    },
  ],
  [
    'T-SRC-3 a command after an entity',
    {
      flow: '<flow>\n  <template in="">&lt;&lt; {{iffy}}</template>\n</flow>',
      want: ['flows/f.xml:2:28: error: unknown template command "{{iffy}}": a placeholder needs whitespace after "{{"'],
    },
  ],
  [
    'T-SRC-3 positions in CDATA on a later line',
    {
      flow: '<flow>\n  <template in=""><![CDATA[\n  [1, {{ 2 <  }}]\n]]></template>\n</flow>',
      want: ['flows/f.xml:3:15: error: syntax error in expression: unexpected end of input'],
    },
  ],
  [
    'T-SRC-3 positions in the src file',
    {
      flow: '<flow>\n  <template src="t/order.tpl"/>\n</flow>',
      files: { 'flows/t/order.tpl': '\ufeff{\n  "a": {{if x}}1\n}' },
      want: ['flows/t/order.tpl:2:8: error: {{if}} is never closed by {{end}}'],
    },
  ],
  [
    'T-ERR-12 missing src file',
    {
      flow: '<flow>\n  <template src="tpl/order.tpl"/>\n</flow>',
      want: ['flows/f.xml:2:13: error: template file tpl/order.tpl not found'],
    },
  ],
  [
    'T-ERR-12 not UTF-8',
    {
      flow: '<flow>\n  <template src="bad.tpl"/>\n</flow>',
      files: { 'flows/bad.tpl': new Uint8Array([0x7b, 0xff, 0x7d]) },
      want: ['flows/f.xml:2:13: error: template file bad.tpl is not valid UTF-8'],
    },
  ],
  [
    'T-ERR-12 a folder',
    {
      flow: '<flow>\n  <template src="/flows"/>\n</flow>',
      want: ['flows/f.xml:2:13: error: template file /flows cannot be read'],
    },
  ],
  [
    'ACT-template-1 body and src',
    {
      flow: '<flow>\n  <template src="a.tpl">{"a": 1}</template>\n</flow>',
      files: { 'flows/a.tpl': '{}' },
      want: ['flows/f.xml:2:13: error: <template> cannot have both a body and src'],
    },
  ],
  [
    'src leaving the site root',
    {
      flow: '<flow>\n  <template src="../../x.tpl"/>\n</flow>',
      want: ['flows/f.xml:2:13: error: invalid template src "../../x.tpl": path leaves the project root: ../../x.tpl'],
    },
  ],
  [
    'out must be writable',
    {
      flow: '<flow>\n  <template out="svc://request/empty">1</template>\n</flow>',
      want: [
        'flows/f.xml:2:13: error: out of <template> must be a variable or a content location, not "svc://request/empty"',
      ],
    },
  ],
  [
    'out is not dynamic',
    {
      flow: '<flow>\n  <template out="{$x}">1</template>\n</flow>',
      want: ['flows/f.xml:2:13: error: out of <template> must be a variable or a content location, not "{$x}"'],
    },
  ],
  [
    'check is a boolean',
    {
      flow: '<flow>\n  <template check="no">1</template>\n</flow>',
      want: ['flows/f.xml:2:13: error: invalid value "no" for check of <template>; expected true or false'],
    },
  ],
  [
    'XC-7: local variables count as set, unknown ones warn',
    {
      flow: '<flow>\n  <template>{{$n := 1}}[{{ $n }}, {{ $nope }}]</template>\n  <eval>$n</eval>\n</flow>',
      want: ['flows/f.xml:2:38: warning: variable $nope is never set'],
    },
  ],
  [
    'ACT-set-response-headers-1 neither body, src nor status',
    {
      flow: '<flow>\n  <set-response-headers/>\n</flow>',
      want: ['flows/f.xml:2:3: error: <set-response-headers> needs a body, src or a status attribute'],
    },
  ],
  [
    'ACT-COMMON-3 static header body: not an object',
    {
      flow: '<flow>\n  <set-response-headers>\n    ["X-A"]\n  </set-response-headers>\n</flow>',
      want: ['flows/f.xml:3:5: error: the body of <set-response-headers> must be a JSON object; found an array'],
    },
  ],
  [
    'ACT-COMMON-3 static header body: invalid JSON at its position',
    {
      flow: '<flow>\n  <set-response-headers>{ "X-A": 1,\n  }</set-response-headers>\n</flow>',
      want: [
        "flows/f.xml:3:3: error: the body of <set-response-headers> is not a JSON object: invalid JSON: unexpected character '}', expected a member name",
      ],
    },
  ],
  [
    'ACT-set-response-headers-4 static: bad name, object value, CR LF; owned names warn',
    {
      flow: '<flow>\n  <set-response-headers>{ "X A": 1, "X-O": {}, "X-N": "a\\r\\nb", "Date": "now" }</set-response-headers>\n</flow>',
      want: [
        'flows/f.xml:2:25: error: invalid header name "X A"',
        'flows/f.xml:2:25: error: header X-O cannot take an object as value',
        'flows/f.xml:2:25: error: header X-N has control characters in its value "a\\r\\nb"',
        'flows/f.xml:2:25: warning: header Date is set by the gateway; <set-response-headers> ignores it',
      ],
    },
  ],
  [
    'ACT-log-1 static: not an object, empty',
    {
      flow: '<flow>\n  <log>"text"</log>\n  <log/>\n</flow>',
      want: [
        'flows/f.xml:2:8: error: the body of <log> must be a JSON object; found a string',
        'flows/f.xml:3:3: error: the body of <log> must be a JSON object; it is empty',
      ],
    },
  ],
  [
    'ACT-log-3 static: system fields warn',
    {
      flow: '<flow>\n  <log>{"status": 1, "mine": 2}</log>\n</flow>',
      want: ['flows/f.xml:2:8: warning: status is an access log field; <log> cannot set it'],
    },
  ],
  [
    'ACT-log: no src',
    {
      flow: '<flow>\n  <log src="a.tpl"/>\n</flow>',
      want: [
        'flows/f.xml:2:3: error: the body of <log> must be a JSON object; it is empty',
        'flows/f.xml:2:8: warning: unknown attribute src on <log>',
      ],
    },
  ],
]

describe('template actions at compile time', () => {
  it.each(CASES)('%s', async (_, { flow, files, want }) => {
    expect(await diagnostics(flow, files)).toEqual(want)
  })

  it('every template action compiles cleanly', async () => {
    const flow = `<flow>
  <template in="{$where}" out="svc://request/content/x" check="false" src="/t.tpl"/>
  <set-response-headers in="svc://request/content/x" status="{$code}">{ "X-A": {{ a }} }</set-response-headers>
  <log>{ "a": {{ a }} }</log>
</flow>`
    expect(await diagnostics(flow, { 't.tpl': '{"a": {{ . }}}' })).toEqual([
      'flows/f.xml:2:18: warning: variable $where is never set',
      'flows/f.xml:3:63: warning: variable $code is never set',
    ])
  })
})
