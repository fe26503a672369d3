/**
 * Compile-time errors of templates (templates.md T-ERR-1 … T-ERR-11, T-EX-38) with exact positions:
 * the template starts at line 3, column 3 of flows/order.xml, so a column is 2 + the 1-based index in
 * the template text. Also what must compile (lexical corner cases of T-LEX-1 … T-LEX-6).
 */
import { describe, expect, it } from 'vitest'

import { parse } from './helpers.js'

const F = 'flows/order.xml'

const ERRORS: [string, { template: string; want: string[] }][] = [
  // T-EX-38, verbatim
  [
    'T-EX-38 placeholder without whitespace',
    {
      template: '{"id": {{order/id}}}',
      want: [`${F}:3:10: error: unknown template command "{{order/id}}": a placeholder needs whitespace after "{{"`],
    },
  ],
  [
    'T-EX-38 unclosed if',
    { template: '{{if order/paid}}"x"', want: [`${F}:3:3: error: {{if}} is never closed by {{end}}`] },
  ],
  [
    'T-EX-38 syntax error',
    { template: '{{ concat("a" }}', want: [`${F}:3:12: error: syntax error in expression: expected end of input`] },
  ],
  [
    'T-EX-38 ?? in brackets',
    {
      template: '{{ concat(order/coupon ?? "-", "!") }}',
      want: [`${F}:3:26: error: "??" is only allowed at the top level of a template expression`],
    },
  ],
  // T-ERR-1
  [
    'T-ERR-1 unterminated',
    { template: '[1, {{ order/id ]', want: [`${F}:3:7: error: unterminated template command: missing "}}"`] },
  ],
  [
    'T-ERR-1 unterminated string',
    { template: '{{ "}} }}', want: [`${F}:3:3: error: unterminated template command: missing "}}"`] },
  ],
  [
    'T-ERR-1 unterminated comment',
    { template: 'x {{// note', want: [`${F}:3:5: error: unterminated template command: missing "}}"`] },
  ],
  // T-ERR-2
  [
    'T-ERR-2 unknown word',
    {
      template: '{{iffy}}',
      want: [`${F}:3:3: error: unknown template command "{{iffy}}": a placeholder needs whitespace after "{{"`],
    },
  ],
  [
    'T-ERR-2 upper case',
    {
      template: '{{If x}}{{end}}',
      want: [
        `${F}:3:3: error: unknown template command "{{If x}}": command words are lower case`,
        `${F}:3:11: error: {{end}} without an open {{if}}, {{loop}} or {{with}}`,
      ],
    },
  ],
  [
    'T-ERR-2 else if',
    {
      template: '{{if a}}1{{else if b}}2{{end}}',
      want: [`${F}:3:12: error: unknown template command "{{else if b}}": write {{elseif …}}`],
    },
  ],
  [
    'T-ERR-2 ends',
    {
      template: '{{ends}}',
      want: [`${F}:3:3: error: unknown template command "{{ends}}": a placeholder needs whitespace after "{{"`],
    },
  ],
  [
    'T-ERR-2 end with text',
    {
      template: '{{if a}}1{{end if}}',
      want: [
        `${F}:3:3: error: {{if}} is never closed by {{end}}`,
        `${F}:3:12: error: unknown template command "{{end if}}": {{end}} takes nothing before "}}"`,
      ],
    },
  ],
  ['T-ERR-2 empty command', { template: '[{{}}]', want: [`${F}:3:4: error: unknown template command "{{}}"`] }],
  [
    'T-ERR-2 dot with more',
    {
      template: '{{./a}}',
      want: [`${F}:3:3: error: unknown template command "{{./a}}": a placeholder needs whitespace after "{{"`],
    },
  ],
  // T-ERR-3
  [
    'T-ERR-3 empty placeholder',
    { template: '[{{  }}]', want: [`${F}:3:4: error: empty expression in template command`] },
  ],
  [
    'T-ERR-3 empty ?? operand',
    { template: '{{ a ?? }}', want: [`${F}:3:3: error: empty expression in template command`] },
  ],
  [
    'T-ERR-3 empty pair producer',
    { template: '{ {{:}} }', want: [`${F}:3:5: error: empty expression in template command`] },
  ],
  [
    'T-ERR-3 empty assignment',
    { template: '{{$x:=}}', want: [`${F}:3:3: error: empty expression in template command`] },
  ],
  [
    'T-ERR-3 empty loop',
    { template: '{{loop  }}{{end}}', want: [`${F}:3:3: error: empty expression in template command`] },
  ],
  // T-ERR-4 (position of the offending token, on the right line of a multi-line expression)
  [
    'T-ERR-4 multi-line',
    { template: '{{ order/id\n  =\n  ) }}', want: [`${F}:5:3: error: syntax error in expression: unexpected ")"`] },
  ],
  // fontoxpath reads `if` as a name test and stops at "(" (as `concat` in T-EX-38)
  [
    'T-ERR-4 keywords do not protect ??',
    {
      template: "{{ if (a) then a ?? 'x' else 'y' }}",
      want: [
        `${F}:3:9: error: syntax error in expression: expected end of input`,
        `${F}:3:27: error: syntax error in expression: expected end of input`,
      ],
    },
  ],
  // T-ERR-5 (at the {{)
  [
    'T-ERR-5 unknown function',
    { template: '[1, {{ tolowr(a) }}]', want: [`${F}:3:7: error: unknown function tolowr(); did you mean tolower()?`] },
  ],
  // T-ERR-6
  [
    'T-ERR-6 in a predicate',
    {
      template: '{{ a[b ?? 1] }}',
      want: [`${F}:3:10: error: "??" is only allowed at the top level of a template expression`],
    },
  ],
  // T-ERR-7
  [
    'T-ERR-7 else without if',
    { template: '1{{else}}2', want: [`${F}:3:4: error: {{else}} without a matching {{if}} or {{with}}`] },
  ],
  [
    'T-ERR-7 elseif without if',
    { template: '{{elseif a}}', want: [`${F}:3:3: error: {{elseif}} without a matching {{if}}`] },
  ],
  [
    'T-ERR-7 elseif after else',
    { template: '{{if a}}1{{else}}2{{elseif b}}3{{end}}', want: [`${F}:3:21: error: {{elseif}} after {{else}}`] },
  ],
  [
    'T-ERR-7 second else',
    {
      template: '{{with a}}1{{else}}2{{else}}3{{end}}',
      want: [`${F}:3:23: error: a second {{else}} in the same block`],
    },
  ],
  [
    'T-ERR-7 elseif in with',
    {
      template: '{{with a}}1{{elseif b}}2{{end}}',
      want: [`${F}:3:14: error: {{elseif}} is not allowed inside {{with}}`],
    },
  ],
  [
    'T-ERR-7 else in loop',
    {
      template: '{{loop a}}1{{else}}2{{end}}',
      want: [`${F}:3:14: error: {{else}} is not allowed directly inside {{loop}}`],
    },
  ],
  // T-ERR-8, T-ERR-9
  [
    'T-ERR-8 stray end',
    { template: '[1]{{end}}', want: [`${F}:3:6: error: {{end}} without an open {{if}}, {{loop}} or {{with}}`] },
  ],
  [
    'T-ERR-9 every unclosed block',
    {
      template: '{{loop a}}{{with b}}{{if c}}x',
      want: [
        `${F}:3:3: error: {{loop}} is never closed by {{end}}`,
        `${F}:3:13: error: {{with}} is never closed by {{end}}`,
        `${F}:3:23: error: {{if}} is never closed by {{end}}`,
      ],
    },
  ],
  // T-ERR-10
  [
    'T-ERR-10 output hint',
    {
      template: '{{$x}}',
      want: [`${F}:3:3: error: invalid assignment: expected {{$name := expression}}; to output $x write {{ $x }}`],
    },
  ],
  [
    'T-ERR-10 bad name',
    { template: '{{$1x := 2}}', want: [`${F}:3:3: error: invalid assignment: expected {{$name := expression}}`] },
  ],
  [
    'T-ERR-10 hyphen',
    { template: '{{$a-b := 2}}', want: [`${F}:3:3: error: invalid assignment: expected {{$name := expression}}`] },
  ],
  [
    'T-ERR-10 space after {{ makes a placeholder',
    { template: '{{ $x := 1 }}', want: [`${F}:3:9: error: syntax error in expression: expected end of input`] },
  ],
  // T-ERR-11
  [
    'T-ERR-11 if(',
    {
      template: '{{if(x)}}1{{end}}',
      want: [
        `${F}:3:3: error: expected whitespace after "if"`,
        `${F}:3:13: error: {{end}} without an open {{if}}, {{loop}} or {{with}}`,
      ],
    },
  ],
  [
    'T-ERR-11 loop without expression',
    { template: '{{loop}}', want: [`${F}:3:3: error: expected whitespace after "loop"`] },
  ],
  // all errors of a template are reported
  [
    'several errors',
    {
      template: '{{ a ?? }} {{b}} {{ c( }}',
      want: [
        `${F}:3:3: error: empty expression in template command`,
        `${F}:3:14: error: unknown template command "{{b}}": a placeholder needs whitespace after "{{"`,
        `${F}:3:24: error: syntax error in expression: expected end of input`,
      ],
    },
  ],
]

describe('template compile errors (T-ERR)', () => {
  it.each(ERRORS)('%s', (_, { template, want }) => {
    const { node, lines } = parse(template)
    expect(lines).toEqual(want)
    expect(node).toBeUndefined()
  })
})

const VALID: [string, string][] = [
  ['T-LEX-1 three braces: literal { then a pair producer', '{{{: a }}}'],
  ['T-LEX-3 map constructors inside a command', '{{ map{"k": map{}} }}'],
  ['T-LEX-3 }} inside strings and comments', '{{ concat("}}", \'}}\', "a""b") (: }} (: nested :) }} :) }}'],
  ['T-LEX-3 a literal } after a placeholder', '{"url": {{ . }}}'],
  ['T-LEX-4 }} in literal text', '["}}"]'],
  ['T-LEX-5 {{ produced as a value', '{{ "{{" }}'],
  [
    'T-LEX-6 whitespace before }} of every command',
    '{{if a }}{{. }}{{, }}{{elseif b }}{{else }}{{end }}{{loop c }}{{end}}{{with d }}{{end  }}{{$x := 1 }}{{: e }}',
  ],
  ['T-EXPR-1 multi-line expression', '{{ concat(\n  "a",\n  "b") }}'],
  [
    'T-EXPR-4 ?? in every command',
    '{{$a := b ?? c}}{{if d ?? e}}{{: f ?? g}}{{elseif h ?? i}}{{end}}{{loop j ?? k}}{{end}}{{with l ?? m}}{{end}}',
  ],
  ['T-CMD-7 nesting', '{{if a}}{{loop b}}{{with c}}{{if d}}x{{else}}y{{end}}{{end}}{{end}}{{end}}'],
]

describe('templates that compile', () => {
  it.each(VALID)('%s', (_, template) => {
    expect(parse(template).lines).toEqual([])
  })
})
