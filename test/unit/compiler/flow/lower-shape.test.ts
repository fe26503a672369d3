/** The IR the flow stage produces: chains (F-CTL-4), dyn parts (F-EXPR-4), locations (F-LOC-1), attribute normalisation (F-DOC-8). */
import { describe, expect, it } from 'vitest'

import type { StatementNode } from '../../../../compiler/ir/statements.js'
import type { XPathNode } from '../../../../compiler/ir/xpath.js'
import { compileFlow } from './helpers.js'

/** The IR without positions and files, expressions as `{xpath: source}`. */
function plain(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, v) => {
      if (key === 'loc' || key === 'file' || key === 'srcLoc') return undefined
      if (v && typeof v === 'object' && (v as XPathNode).kind === 'xpath') return { xpath: (v as XPathNode).source }
      return v
    }),
  )
}

function body(text: string): unknown {
  const { flow, lines } = compileFlow(text)
  expect(lines).toEqual([])
  return plain(flow!.body)
}

describe('lowering', () => {
  it('F-CTL-4 an if chain collects elseif and else; blocks nest', () => {
    expect(
      body(
        '<flow>\n<if test="$a">\n<if test="$b"/>\n</if>\n<elseif test="$c"><break/></elseif>\n<else><return if="$d"/></else>\n<eval>1</eval>\n</flow>',
      ),
    ).toEqual([
      {
        kind: 'if',
        tag: '<if test="$a">',
        branches: [
          {
            element: 'if',
            tag: '<if test="$a">',
            test: { xpath: '$a' },
            body: [
              {
                kind: 'if',
                tag: '<if test="$b"/>',
                branches: [{ element: 'if', tag: '<if test="$b"/>', test: { xpath: '$b' }, body: [] }],
                otherwise: null,
              },
            ],
          },
          {
            element: 'elseif',
            tag: '<elseif test="$c">',
            test: { xpath: '$c' },
            body: [{ kind: 'break', tag: '<break/>', condition: null }],
          },
        ],
        otherwise: { tag: '<else>', body: [{ kind: 'return', tag: '<return if="$d"/>', condition: { xpath: '$d' } }] },
      },
      { kind: 'eval', tag: '<eval>', condition: null, debug: [], out: null, expr: { xpath: '1' } },
    ])
  })

  it('two ifs in a row are two chains', () => {
    const statements = body('<flow><if test="1"/><if test="2"/><else/></flow>') as StatementNode[]
    expect(statements.map((s) => s.kind)).toEqual(['if', 'if'])
  })

  it('F-EXPR-4 dyn values split into literals and expressions; {{ }} are literal braces', () => {
    const [echo] = body(`<flow><echo mime="text/{$kind}" status="{{{map{'a': 404}?a}}}">x</echo></flow>`) as never[]
    expect(echo).toMatchObject({
      kind: 'echo',
      text: 'x',
      mime: { kind: 'text', parts: ['text/', { xpath: '$kind' }] },
      status: { kind: 'text', parts: ['{', { xpath: "map{'a': 404}?a" }, '}'] },
    })
  })

  it('F-RESP-5 a statically empty mime counts as absent; a static mime is trimmed', () => {
    const [a, b] = body('<flow><dump mime="  "/><echo mime=" text/csv ">x</echo></flow>') as never[]
    expect(a).toMatchObject({ kind: 'dump', mime: null, input: { kind: 'main-content' } })
    expect(b).toMatchObject({ kind: 'echo', mime: { parts: ['text/csv'] } })
  })

  it.each([
    ['$report', { kind: 'variable', name: 'report' }],
    ['svc://request/content', { kind: 'main-content' }],
    ['svc://request/content/stock', { kind: 'upstream-content', id: 'stock' }],
    ['svc://request/empty', { kind: 'empty-document' }],
    ['svc://site/data/a.json', { kind: 'file', path: 'data/a.json' }],
    ['/data/./b.json', { kind: 'file', path: 'data/b.json' }],
    ['../data/c.json', { kind: 'file', path: 'data/c.json' }],
    ['d.json', { kind: 'file', path: 'flows/d.json' }],
    [
      'svc://request/content/{$id}',
      { kind: 'dynamic', dir: 'flows', value: { kind: 'text', parts: ['svc://request/content/', { xpath: '$id' }] } },
    ],
  ])('F-LOC-1 dump in="%s"', (text, want) => {
    const [dump] = body(`<flow><dump in="${text}"/></flow>`) as never[]
    expect(dump).toMatchObject({ kind: 'dump', input: want })
  })

  it('F-DOC-8 attribute values: tab/CR/LF become spaces, &#10; keeps its character; body text is verbatim', () => {
    const [ev, echo] = body(
      '<flow><eval if="1\r\n=\t1 or &#10;">a</eval><echo>  a &amp; <![CDATA[<b>]]><!-- c -->\r\n</echo></flow>',
    ) as never[]
    expect(ev).toMatchObject({ condition: { xpath: '1 = 1 or \n' } })
    expect(echo).toMatchObject({ text: '  a & <b>\n' })
  })

  it('ACT-COMMON-1 debug topics: trimmed, empty entries dropped, duplicates once', () => {
    const [ev] = body('<flow><eval debug=" a ,, b.c ,a">1</eval></flow>') as never[]
    expect(ev).toMatchObject({ debug: ['a', 'b.c'] })
  })

  it('ACT-sub-flow-1 src resolves against the calling file and is listed in subFlows', () => {
    const { flow, subFlowRefs } = compileFlow(
      '<flow><sub-flow src="lib/a.xml"/><sub-flow src="/b.xml"/><sub-flow src="lib/a.xml"/></flow>',
    )
    expect(flow!.subFlows).toEqual(['/site/flows/lib/a.xml', '/site/b.xml'])
    expect(subFlowRefs.map((ref) => ref.loc.start)).toEqual([16, 43, 67])
    expect(plain(flow!.body)).toMatchObject([
      { kind: 'sub-flow', path: '/site/flows/lib/a.xml' },
      { path: '/site/b.xml' },
      {},
    ])
  })

  it('F-DOC-5 assigned variables include out of actions dropped after an error', () => {
    const { flow } = compileFlow(
      '<flow><eval out="$a">@</eval><xslt src="missing.xsl" out="$b"/><eval out="$c">1</eval></flow>',
    )
    expect(flow!.assigned).toEqual(['a', 'b', 'c'])
    expect(flow!.body).toHaveLength(1)
  })
})
