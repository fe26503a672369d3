/**
 * The examples of templates.md section 14 (T-EX-1 … T-EX-37, T-EX-39) as one table: input, template,
 * exact output. Run in-process by examples.test.ts and over HTTP by the fixture project
 * test/fixtures/e2e/10-template-examples (examples-fixture.test.ts checks that the two agree).
 */

/** The document called ORDER in templates.md section 14. */
export const ORDER =
  '{"order": {"id": 1042, "customer": "Dana", "paid": true, "note": null, "items": [{"sku": "A-1", "qty": 2, "price": 9.5}, {"sku": "B-7", "qty": 1, "price": 20}], "tags": []}}'

/** The XML input of T-EX-17. */
export const STOCK = '<stock site="B2"><item code="x1">4</item><item code="x2">0</item><zip>01097</zip></stock>'

export type ExampleInput =
  | { readonly json: string }
  | { readonly xml: string }
  /** An atomic value (`in="$greeting"`, T-EX-31). */
  | { readonly atomic: string }
  /** `in=""` (T-EX-33). */
  | { readonly none: true }

export interface Example {
  readonly id: string
  readonly template: string
  readonly input: ExampleInput
  /** The output after T-WS-2. */
  readonly output: string
  /** Extension functions the example needs that may not be implemented yet (xpath-functions.md). */
  readonly needs?: readonly string[]
}

const order = { json: ORDER }
const stock = { xml: STOCK }

export const EXAMPLES: readonly Example[] = [
  {
    id: 'T-EX-1',
    input: order,
    template: '{"who": {{ order/customer }}, "no": {{ order/id }}, "paid": {{ order/paid }}, "note": {{ order/note }}}',
    output: '{"who": "Dana", "no": 1042, "paid": true, "note": null}',
  },
  {
    id: 'T-EX-2',
    input: order,
    template:
      '{"big": {{ order/id > 1000 }}, "lines": {{ count(order/items/value) }}, "sum": {{ sum(order/items/value/price) }}}',
    output: '{"big": true, "lines": 2, "sum": 29.5}',
  },
  {
    id: 'T-EX-3',
    input: order,
    template: '{"first": {{ order/items/value[1] }}, "tags": {{ order/tags }}}',
    output: '{"first": {"sku":"A-1","qty":2,"price":9.5}, "tags": []}',
  },
  {
    id: 'T-EX-4',
    input: order,
    template:
      '[{{ order/coupon }}, {{ order/coupon ?? "none" }}, {{ order/note ?? order/customer }}, {{ number(order/customer) ?? 0 }}]',
    output: '[null, "none", "Dana", 0]',
  },
  { id: 'T-EX-5', input: order, template: '{{ order/items/value/sku }}', output: '"A-1"' },
  {
    id: 'T-EX-6',
    input: order,
    template: '{{ array(order/items/value/sku) }}',
    output: '["A-1","B-7"]',
    needs: ['array'],
  },
  {
    id: 'T-EX-7',
    input: order,
    template:
      '{"n": {{ 7 div 2 }}, "i": {{ 7 idiv 2 }}, "e": {{ 1e21 }}, "z": {{ -0e0 }}, "inf": {{ 1 div 0e0 }}, "s": {{ string(12) }}, "b": {{ 2 > 1 }}}',
    output: '{"n": 3.5, "i": 3, "e": 1e+21, "z": 0, "inf": null, "s": "12", "b": true}',
  },
  {
    id: 'T-EX-8 (inside a string)',
    input: order,
    template: '{"label": "Hi {{ order/customer }}"}',
    output: '{"label": "Hi "Dana""}',
  },
  {
    id: 'T-EX-8 (concat)',
    input: order,
    template: '{"label": {{ concat("Hi ", order/customer) }}}',
    output: '{"label": "Hi Dana"}',
  },
  { id: 'T-EX-9', input: order, template: '{ {{ order/customer }}: {{ order/id }} }', output: '{ "Dana": 1042 }' },
  {
    id: 'T-EX-10',
    input: { json: '{"msg": "say \\"hi\\"\\tnow\\\\"}' },
    template: '{{ msg }}',
    output: '"say \\"hi\\"\\tnow\\\\"',
  },
  {
    id: 'T-EX-11',
    input: order,
    template: '{"skus": [{{loop order/items}}{{ sku }}{{end}}]}',
    output: '{"skus": ["A-1","B-7"]}',
  },
  {
    id: 'T-EX-12',
    input: order,
    template: '[{{loop order/items}}{"sku": {{ sku }}, "total": {{ qty * price }}}{{end}}]',
    output: '[{"sku": "A-1", "total": 19},{"sku": "B-7", "total": 20}]',
  },
  { id: 'T-EX-13', input: order, template: '[ {{loop order/items}} {{ qty }} {{end}} ]', output: '[  2  ,1  ]' },
  {
    id: 'T-EX-14 (empty array)',
    input: order,
    template: '{"tags": [{{loop order/tags}}{{ . }}{{end}}]}',
    output: '{"tags": []}',
  },
  { id: 'T-EX-14 (an object)', input: order, template: '[{{loop order/items/value[1]}}{{ . }}{{end}}]', output: '[]' },
  {
    id: 'T-EX-15',
    input: order,
    template: '{"a": [{{loop order/items}}{{ sku }},{{end}}]}',
    output: '{"a": ["A-1","B-7",]}',
  },
  {
    id: 'T-EX-16',
    input: order,
    template: '[{{loop order/items}}{{ sku }}{{end}} {{loop order/tags}}{{ . }}{{end}} "end"]',
    output: '["A-1","B-7"  ,"end"]',
  },
  {
    id: 'T-EX-17',
    input: stock,
    template: '{ {{loop array(@site | item[1]/@code)}}{{ @name }}: {{ . }}{{end}} }',
    output: '{ "site": "B2","code": "x1" }',
    needs: ['array'],
  },
  {
    id: 'T-EX-18',
    input: order,
    template:
      '{"status": {{if not(order/paid = true())}}"open"{{elseif order/id > 5000}}"archived"{{else}}"done"{{end}}}',
    output: '{"status": "done"}',
  },
  {
    id: 'T-EX-19',
    input: order,
    template:
      '{ {{if order/paid = true()}}"paid": true{{end}} {{,}} {{if order/coupon}}"coupon": {{ order/coupon }}{{end}} {{,}} "id": {{ order/id }} }',
    output: '{ "paid": true    ,"id": 1042 }',
  },
  {
    id: 'T-EX-20',
    input: order,
    template: '{"id": {{ order/id }}{{if order/coupon}}, "coupon": {{ order/coupon }}{{end}}}',
    output: '{"id": 1042}',
  },
  {
    id: 'T-EX-21',
    input: order,
    template: '{"has_note": {{if order/note}}true{{else}}false{{end}}, "note_set": {{ not(order/note/@null) }}}',
    output: '{"has_note": true, "note_set": false}',
  },
  {
    id: 'T-EX-22',
    input: order,
    template: '{ {{: order/customer | order/id }} }',
    output: '{ "id":1042,"customer":"Dana" }',
  },
  { id: 'T-EX-23', input: order, template: '{ {{: order/paid }} "id": 1 }', output: '{ "paid":true ,"id": 1 }' },
  {
    id: 'T-EX-24',
    input: order,
    template: '{{with order}}{ {{: *[not(@array)] }} }{{end}}',
    output: '{ "id":1042,"customer":"Dana","paid":true,"note":null }',
  },
  { id: 'T-EX-25', input: order, template: '{ {{: order/coupon }} }', output: '{  }' },
  {
    id: 'T-EX-26',
    input: stock,
    template: '{"site": {{ @site }}, "counts": {{ array(item) }}, "zip": {{ zip }}, {{: item[1]/@code }}}',
    output: '{"site": "B2", "counts": [4,0], "zip": "01097", "code":"x1"}',
    needs: ['array'],
  },
  {
    id: 'T-EX-27',
    input: stock,
    template: '{ {{: * | @site }} }',
    output: '{ "site":"B2","item":[4,0],"zip":"01097" }',
  },
  {
    id: 'T-EX-28',
    input: order,
    template: '{{$n := 0}}{{loop order/items}}{{$n := $n + qty}}{{end}}{"pieces": {{ $n }}}',
    output: '{"pieces": 3}',
  },
  {
    id: 'T-EX-29',
    input: order,
    template: '{{$o := order}}[{{loop order/items}}{"id": {{ $o/id }}, "sku": {{ sku }}}{{end}}]',
    output: '[{"id": 1042, "sku": "A-1"},{"id": 1042, "sku": "B-7"}]',
  },
  {
    id: 'T-EX-30 (else)',
    input: order,
    template: '{{with order/shipping}}{"city": {{ city }}}{{else}}{"city": "pickup"}{{end}}',
    output: '{"city": "pickup"}',
  },
  {
    id: 'T-EX-30 (with)',
    input: order,
    template: '{{with order/items/value[2]}}{"sku": {{ sku }}}{{end}}',
    output: '{"sku": "B-7"}',
  },
  { id: 'T-EX-31', input: { atomic: 'hi' }, template: '{"text": {{.}}}', output: '{"text": "hi"}' },
  { id: 'T-EX-32', input: order, template: '{{$env := "x"}}{{ $env }}', output: '"x"' },
  {
    id: 'T-EX-33',
    input: { none: true },
    template: '{"ctx": {{.}}, "rel": {{ order/id }}}',
    output: '{"ctx": null, "rel": null}',
  },
  { id: 'T-EX-34', input: stock, template: '{{ . }}', output: '{"item":[4,0],"zip":"01097"}' },
  { id: 'T-EX-35', input: order, template: '[1, {{// two is missing }} 3]', output: '[1,  3]' },
  { id: 'T-EX-36', input: order, template: '{"a": {{ order/id }} "b": 2}', output: '{"a": 1042 "b": 2}' },
  { id: 'T-EX-37 (sum)', input: order, template: '{{ sum(order/items/value/price) }}', output: '29.5' },
  { id: 'T-EX-37 (none)', input: order, template: '{{ order/coupon }}', output: 'null' },
]
