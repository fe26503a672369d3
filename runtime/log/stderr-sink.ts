/**
 * The default log output: lines are written as bytes into one buffer, and the lines of one turn of
 * the event loop leave in one write to stderr. On Linux, stderr writes to files and pipes are
 * synchronous system calls; one per access or upstream line cost more than the rest of a proxied
 * request. Buffered lines are written before the process exits (also through process.exit()), so a
 * planned exit loses nothing; only a crash of the process itself (SIGKILL) can drop the lines of its
 * last turn.
 */
import { JsonLineWriter } from './json-line.js'
import type { LineOutput, LogSink } from './sink.js'

/** A batch larger than this is written at once rather than at the end of the turn. */
const MAX_PENDING_BYTES = 64 * 1024

export interface ByteStream {
  write(bytes: Uint8Array): unknown
  /** Bytes the stream still holds after a write (node streams); absent: assumed to keep what it got. */
  readonly writableLength?: number
}

export class BatchedOutput implements LineOutput {
  readonly writer = new JsonLineWriter(2 * MAX_PENDING_BYTES)
  readonly #stream: ByteStream
  readonly #flush = (): void => this.flush()

  constructor(stream: ByteStream = process.stderr) {
    this.#stream = stream
  }

  lineEnded(start: number): void {
    // Registered only while lines wait, so idle outputs (e.g. of replaced --watch builds) leave no listener.
    if (start === 0) {
      process.on('exit', this.#flush)
      setImmediate(this.#flush)
    }
    if (this.writer.pos > MAX_PENDING_BYTES) this.flush()
  }

  /** Writes the waiting lines now. */
  flush(): void {
    const writer = this.writer
    if (writer.pos === 0) return
    process.off('exit', this.#flush)
    const stream = this.#stream
    stream.write(writer.bytes.subarray(0, writer.pos))
    // A write that completed (files; pipes and terminals on Linux) leaves the buffer free for the next
    // lines; a stream that still holds the bytes keeps them, and later lines go to a new buffer.
    if (stream.writableLength !== 0) writer.bytes = Buffer.allocUnsafe(writer.bytes.length)
    writer.pos = 0
  }
}

/** Text lines into a batch on stderr: for a caller that also looks at each line (the svc-test runner). */
export function stderrSink(output = new BatchedOutput()): LogSink {
  return (line) => {
    const start = output.writer.pos
    output.writer.text(line)
    output.lineEnded(start)
  }
}
