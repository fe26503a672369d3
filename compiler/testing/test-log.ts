/**
 * Where the gateway's JSON log lines (operations.md LG1) go while svc-test runs a file (issue 14).
 * With `--verbose`, every line goes to stderr as it is written. Otherwise traffic lines (`svc_access`,
 * `svc_request`) are dropped: tests make requests on purpose. Alerts (`svc_alert`) are held and
 * written after the file only when it failed, where they explain why. Debug lines (asked for with
 * `-d`) and system lines always pass. `get-log()` is unaffected: the test run reads the access line
 * before this sink sees it.
 */
import type { OutputStream } from '../serve/terminal.js'

const LINE_TYPE = /^\{"timestamp":"[^"]*","type":"([a-z_]+)"/
const TRAFFIC = new Set(['svc_access', 'svc_request'])
const HELD = new Set(['svc_alert'])

export interface FileLog {
  /** The sink for the file's gateway. */
  readonly sink: (line: string) => void
  /** Called once the file ran: writes the held lines of a failed file, drops those of a passing one. */
  end(failed: boolean): void
}

export function fileLog(stderr: OutputStream, verbose: boolean): FileLog {
  if (verbose) return { sink: (line) => stderr.write(line), end: () => undefined }
  const held: string[] = []
  // after the end (a timed-out flow still running): alerts go out if the file failed
  let ended: { failed: boolean } | null = null
  return {
    sink: (line) => {
      const type = LINE_TYPE.exec(line)?.[1]
      if (type !== undefined && TRAFFIC.has(type)) return
      if (type === undefined || !HELD.has(type)) stderr.write(line)
      else if (ended === null) held.push(line)
      else if (ended.failed) stderr.write(line)
    },
    end: (failed) => {
      ended = { failed }
      if (failed && held.length > 0) stderr.write(held.join(''))
      held.length = 0
    },
  }
}
