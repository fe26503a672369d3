/**
 * When svc-compile colours its text diagnostics (operations.md CL4): on a terminal unless NO_COLOR is
 * set or TERM is dumb; with FORCE_COLOR (non-empty) whatever the stream, `0`/`false` turning colour off.
 */
import { describe, expect, it } from 'vitest'

import { colourReport, useColour } from '../../../../compiler/serve/terminal.js'

const TTY = { write: () => true, isTTY: true }
const PIPE = { write: () => true }

describe('useColour', () => {
  it.each([
    ['a terminal', TTY, {}, true],
    ['a pipe', PIPE, {}, false],
    ['a terminal with NO_COLOR', TTY, { NO_COLOR: '1' }, false],
    ['a terminal with an empty NO_COLOR', TTY, { NO_COLOR: '' }, true],
    ['a dumb terminal', TTY, { TERM: 'dumb' }, false],
    ['a pipe with FORCE_COLOR=1', PIPE, { FORCE_COLOR: '1' }, true],
    ['a pipe with FORCE_COLOR=3', PIPE, { FORCE_COLOR: '3' }, true],
    ['a pipe with an empty FORCE_COLOR', PIPE, { FORCE_COLOR: '' }, false],
    ['a terminal with FORCE_COLOR=0', TTY, { FORCE_COLOR: '0' }, false],
    ['a terminal with FORCE_COLOR=false', TTY, { FORCE_COLOR: 'false' }, false],
    ['FORCE_COLOR=1 and NO_COLOR (FORCE_COLOR decides, as in Node)', PIPE, { FORCE_COLOR: '1', NO_COLOR: '1' }, true],
  ])('%s', (_, stream, env, want) => {
    expect(useColour(stream, env)).toBe(want)
  })
})

it('colourReport colours severities, dims codes and leaves the text otherwise unchanged', () => {
  const report = 'f.xml:1:2: error: bad thing [flow/unknown-action]\n 1 | <x/>\n   |  ^\n1 error, 0 warnings\n'
  const coloured = colourReport(report)
  expect(coloured).toContain(': \u001b[1;31merror\u001b[0m: bad thing \u001b[2m[flow/unknown-action]\u001b[0m')
  expect(coloured.replace(/\u001b\[[\d;]*m/g, '')).toBe(report)
})
