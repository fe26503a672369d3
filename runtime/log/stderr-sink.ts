/**
 * The default log sink: lines written during one turn of the event loop leave in one write to stderr.
 * On Linux, stderr writes to files and pipes are synchronous system calls; one per access or upstream
 * line cost more than the rest of a proxied request. Buffered lines are written before the process
 * exits (also through process.exit()), so a planned exit loses nothing; only a crash of the process
 * itself (SIGKILL) can drop the lines of its last turn.
 */
import type { LogSink } from './sink.js'

/** A batch larger than this is written at once rather than at the end of the turn. */
const MAX_PENDING_CHARS = 64 * 1024

interface Writable {
  write(text: string): unknown
}

export function batchingSink(stream: Writable = process.stderr): LogSink {
  let pending = ''
  const flush = (): void => {
    if (pending === '') return
    const text = pending
    pending = ''
    process.off('exit', flush)
    stream.write(text)
  }
  return (line) => {
    if (pending === '') {
      // Registered only while lines wait, so idle sinks (e.g. of replaced --watch builds) leave no listener.
      process.on('exit', flush)
      setImmediate(flush)
    }
    pending += line
    if (pending.length > MAX_PENDING_CHARS) flush()
  }
}
