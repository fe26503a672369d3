/**
 * The gateway's log lines while svc-test runs a file (issue 14): traffic lines only with --verbose;
 * alerts held and written only for a failed file; debug and system lines always.
 */
import { describe, expect, it } from 'vitest'

import { fileLog } from '../../../../compiler/testing/test-log.js'

const line = (type: string, extra = '') => `{"timestamp":"2026-03-14T09:26:53.589+00:00","type":"${type}"${extra}}\n`
const ACCESS = line('svc_access', ',"status":200')
const UPSTREAM = line('svc_request', ',"status":200')
const ALERT = line('svc_alert', ',"message":"boom"')
const DEBUG = line('svc_debug')
const SYSTEM = line('svc_system')

function capture(verbose: boolean, failed: boolean, lines: readonly string[], late: readonly string[] = []): string {
  let text = ''
  const log = fileLog({ write: (chunk: string) => (text += chunk) }, verbose)
  for (const each of lines) log.sink(each)
  log.end(failed)
  for (const each of late) log.sink(each)
  return text
}

describe('fileLog', () => {
  it('--verbose: every line, at once, in order', () => {
    expect(capture(true, false, [ACCESS, UPSTREAM, ALERT, DEBUG, SYSTEM])).toBe(
      ACCESS + UPSTREAM + ALERT + DEBUG + SYSTEM,
    )
  })

  it('a passing file: no traffic, no alerts; debug and system lines pass', () => {
    expect(capture(false, false, [ACCESS, UPSTREAM, ALERT, DEBUG, SYSTEM])).toBe(DEBUG + SYSTEM)
  })

  it('a failed file: its alerts after the run, still no traffic', () => {
    expect(capture(false, true, [ACCESS, ALERT, DEBUG, UPSTREAM, ALERT])).toBe(DEBUG + ALERT + ALERT)
  })

  it('lines after the end (a timed-out flow still running) follow the file`s outcome', () => {
    expect(capture(false, true, [], [ALERT, ACCESS])).toBe(ALERT)
    expect(capture(false, false, [], [ALERT, ACCESS])).toBe('')
  })

  it('anything that is not a log line passes', () => {
    expect(capture(false, false, ['plain text\n'])).toBe('plain text\n')
  })
})
