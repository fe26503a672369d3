/**
 * The JUnit XML reporter (issue 14): the document parses with a real XML parser, holds no character
 * XML 1.0 forbids, and has the structure CI tools read: one testsuite, one testcase per file with
 * classname, name, file, line, assertions and time; a failure per failed assertion naming its
 * file:line:col, expression, expected and actual; one error for a file that could not run to its end.
 */
import { describe, expect, it } from 'vitest'

import { classNameOf, junitReporter } from '../../../../compiler/testing/junit.js'
import { childrenNamed, parseXmlTree, type XmlElement } from '../../../helpers/xml-tree.js'
import { ALL, CONTEXT, NASTY, PASSED, SUMMARY } from './report-cases.js'

/** Characters an XML 1.0 document cannot contain, not even as references. */
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|&#(x0*[0-8bcef]|x0*1[0-9a-f]|0*([0-8]|1[1-2]|1[4-9]|2[0-9]|3[01]));/i

function report(files = ALL): string {
  let text = ''
  const reporter = junitReporter((chunk) => (text += chunk), CONTEXT)
  reporter.start(files.length)
  expect(text).toBe('') // one document, written at the end
  files.forEach((file, i) => reporter.file(i + 1, file))
  reporter.finish(SUMMARY)
  return text
}

function testcases(root: XmlElement): XmlElement[] {
  return childrenNamed(childrenNamed(root, 'testsuite')[0]!, 'testcase')
}

describe('junitReporter', () => {
  it('writes a well-formed XML 1.0 document with the totals on testsuites and testsuite', () => {
    const text = report()
    expect(text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /)
    expect(text).not.toMatch(NOT_XML_CHAR)
    const root = parseXmlTree(text)
    expect(root.name).toBe('testsuites')
    const totals = { tests: '5', failures: '2', errors: '2', skipped: '0', time: '0.016' }
    expect(root.attributes).toEqual({ name: 'svc-test', ...totals })
    const suites = childrenNamed(root, 'testsuite')
    expect(suites).toHaveLength(1)
    expect(suites[0]!.attributes).toEqual({ name: 'svc-test', ...totals, timestamp: '2026-03-14T09:26:53' })
    const properties = childrenNamed(childrenNamed(suites[0]!, 'properties')[0]!, 'property').map((p) => [
      p.attributes['name'],
      p.attributes['value'],
    ])
    expect(properties).toEqual([
      ['svc-gateway.version', '9.9.9'],
      ['definition', 'definition.yaml'],
    ])
  })

  it('one testcase per file: classname from the path, name and file the path, line, assertions, time', () => {
    const cases = testcases(parseXmlTree(report()))
    expect(cases.map((c) => c.attributes)).toEqual([
      {
        classname: 'tests.pass',
        name: 'tests/pass.xml',
        file: 'tests/pass.xml',
        line: '1',
        assertions: '1',
        time: '0.012',
      },
      // line: the first failed assertion, so that annotations land on it
      { classname: 'tests.a', name: 'tests/a.xml', file: 'tests/a.xml', line: '5', assertions: '3', time: '0.002' },
      // the error lies in another file: the failed assertion before it is this file's first failure
      {
        classname: 'tests.error',
        name: 'tests/error.xml',
        file: 'tests/error.xml',
        line: '2',
        assertions: '1',
        time: '0.002',
      },
      {
        classname: 'tests.empty',
        name: 'tests/empty.xml',
        file: 'tests/empty.xml',
        line: '2',
        assertions: '0',
        time: '0.000',
      },
      {
        classname: 'tests.missing',
        name: 'tests/missing.xml',
        file: 'tests/missing.xml',
        assertions: '0',
        time: '0.000',
      },
    ])
    const passed = cases[0]!
    expect(passed.children.map((child) => child.name)).toEqual(['properties'])
    expect(childrenNamed(passed.children[0]!, 'property')[0]!.attributes).toEqual({
      name: 'request',
      value: 'GET /shop/hello?name=Ada',
    })
  })

  it('a failure per failed assertion with its file:line:col, expression, expected and actual; any text survives', () => {
    const failures = testcases(parseXmlTree(report()))[1]!.children
    expect(failures.map((f) => [f.name, f.attributes['type']])).toEqual([
      ['failure', 'assertion'],
      ['failure', 'assertion'],
    ])
    expect(failures[0]!.attributes['message']).toBe('tests/a.xml:5:5: math is broken: expected 3, got 2')
    expect(failures[0]!.text).toBe(
      'assertion 2 at tests/a.xml:5:5\nexpression: 1 + 1\nmessage: math is broken\nexpected: 3\nactual: 2',
    )
    // the bell is not an XML 1.0 character: it arrives as the text \u0007; everything else unchanged
    const shown = NASTY.replace('\u0007', '\\u0007')
    expect(failures[1]!.attributes['message']).toBe(
      `tests/a.xml:6:5: ${shown}: expected a string containing "x", got "${shown}"`,
    )
    expect(failures[1]!.text).toBe(
      `assertion 3 at tests/a.xml:6:5\nexpression: concat('a', 'b')\nmessage: ${shown}\nexpected: a string containing "x"\nactual: "${shown}"`,
    )
  })

  it('one error for a file that did not run to its end, listing the assertions that failed before', () => {
    const cases = testcases(parseXmlTree(report()))
    const raised = cases[2]!.children
    expect(raised.map((child) => child.name)).toEqual(['error'])
    expect(raised[0]!.attributes).toEqual({
      message: 'tests/flows/sub.xml:3:3: stop here (5000): the test gave up',
      type: 'raised',
    })
    expect(raised[0]!.text).toBe(
      'tests/flows/sub.xml:3:3: stop here (5000): the test gave up\n\n1 assertion failed before:\n\nassertion 1 at tests/error.xml:2:13\nexpression: false()\nexpected: true\nactual: false',
    )
    expect(cases[3]!.children.map((child) => [child.name, child.attributes])).toEqual([
      ['failure', { message: 'tests/empty.xml:2:1: no assertion was executed', type: 'no-assertion' }],
    ])
    expect(cases[4]!.children.map((child) => [child.name, child.attributes, child.text])).toEqual([
      ['error', { message: 'file not found', type: 'not-found' }, 'file not found'],
    ])
  })

  it('a run that bails out is one error', () => {
    let text = ''
    junitReporter((chunk) => (text += chunk), CONTEXT).bailOut(
      'definition has errors',
      'flows/a.xml:2:3: unknown action <evall>; did you mean <eval>?',
    )
    const root = parseXmlTree(text)
    expect(root.attributes).toMatchObject({ tests: '1', failures: '0', errors: '1' })
    const [testcase] = testcases(root)
    expect(testcase!.attributes).toEqual({ classname: 'svc-test', name: 'definition.yaml', file: 'definition.yaml' })
    expect(testcase!.children.map((child) => [child.attributes, child.text])).toEqual([
      [
        { message: 'definition has errors', type: 'bail-out' },
        'flows/a.xml:2:3: unknown action <evall>; did you mean <eval>?',
      ],
    ])
  })

  it('only passing files: empty testcases, zero counts', () => {
    const root = parseXmlTree(report([PASSED]))
    expect(root.attributes).toMatchObject({ failures: '0', errors: '0' })
    const cases = testcases(root)
    expect(cases).toHaveLength(1)
    expect(cases[0]!.children.filter((child) => child.name === 'failure' || child.name === 'error')).toEqual([])
  })
})

describe('classNameOf', () => {
  it.each([
    ['tests/cart.xml', 'tests.cart'],
    ['./tests/api/cart.XML', 'tests.api.cart'],
    ['../other/tests/a.b.xml', 'other.tests.a.b'],
    ['smoke.xml', 'smoke'],
  ])('%s -> %s', (file, want) => expect(classNameOf(file)).toBe(want))
})
