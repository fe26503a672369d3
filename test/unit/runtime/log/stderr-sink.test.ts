import { spawnSync } from 'node:child_process'

import { describe, expect, it } from 'vitest'

import { BatchedOutput, stderrSink } from '../../../../runtime/log/stderr-sink.js'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/** A stream as BatchedOutput sees one: `held` says whether it keeps the bytes it was given. */
function stream(held: boolean) {
  const writes: string[] = []
  const chunks: Uint8Array[] = []
  return {
    writes,
    chunks,
    write(bytes: Uint8Array) {
      writes.push(Buffer.from(bytes).toString())
      chunks.push(bytes)
    },
    get writableLength() {
      return held ? bytesOf(chunks) : 0
    },
  }
}

const bytesOf = (chunks: Uint8Array[]) => chunks.reduce((sum, chunk) => sum + chunk.length, 0)

/** One text line into the output's batch, through the text sink the svc-test runner uses. */
const line = (output: BatchedOutput, text: string): void => stderrSink(output)(text)

describe('BatchedOutput', () => {
  it('writes the lines of one event-loop turn in one write, after the turn', async () => {
    const out = stream(false)
    const output = new BatchedOutput(out)
    line(output, 'a\n')
    line(output, 'b\n')
    expect(out.writes).toEqual([])
    await nextTurn()
    expect(out.writes).toEqual(['a\nb\n'])
    line(output, 'c\n')
    await nextTurn()
    expect(out.writes).toEqual(['a\nb\n', 'c\n'])
  })

  it('writes at once when a batch grows beyond 64 KiB', () => {
    const out = stream(false)
    const output = new BatchedOutput(out)
    const text = 'x'.repeat(1023) + '\n'
    for (let i = 0; i < 65; i++) line(output, text)
    expect(out.writes).toHaveLength(1)
    expect(out.writes[0]).toHaveLength(65 * 1024)
  })

  it('never overwrites bytes a stream still holds', async () => {
    const out = stream(true)
    const output = new BatchedOutput(out)
    line(output, 'first\n')
    await nextTurn()
    line(output, 'second\n')
    await nextTurn()
    expect(out.chunks.map((chunk) => Buffer.from(chunk).toString())).toEqual(['first\n', 'second\n'])
  })

  it('leaves no exit listener behind once its lines are written', async () => {
    const before = process.listenerCount('exit')
    const output = new BatchedOutput(stream(false))
    line(output, 'a\n')
    expect(process.listenerCount('exit')).toBe(before + 1)
    await nextTurn()
    expect(process.listenerCount('exit')).toBe(before)
  })

  it('loses no line when the process exits in the same turn (process.exit)', () => {
    const script = `
      import { createLogger } from ${JSON.stringify(new URL('../../../../build/runtime.mjs', import.meta.url).href)}
      const logger = createLogger()
      for (let i = 0; i < 3; i++) logger.write('info', { n: i })
      process.exit(0)
    `
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    expect(child.status).toBe(0)
    const lines = child.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; n: number })
    expect(lines.map((line) => [line.type, line.n])).toEqual([
      ['info', 0],
      ['info', 1],
      ['info', 2],
    ])
  })

  it('a field JSON cannot take throws and leaves no part of a line in the batch', () => {
    const script = `
      import { createLogger } from ${JSON.stringify(new URL('../../../../build/runtime.mjs', import.meta.url).href)}
      const logger = createLogger()
      try { logger.write('info', { n: 1n }) } catch (error) { logger.write('info', { thrown: error.name }) }
    `
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
    expect(child.status).toBe(0)
    expect(
      child.stderr
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).thrown),
    ).toEqual(['TypeError'])
  })

  it('loses no line when the process ends by itself or by an uncaught exception', () => {
    for (const ending of ['', 'throw new Error("boom")']) {
      const script = `
        import { createLogger } from ${JSON.stringify(new URL('../../../../build/runtime.mjs', import.meta.url).href)}
        createLogger().write('info', { n: 1 })
        ${ending}
      `
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
      expect(child.status).toBe(ending === '' ? 0 : 1)
      expect(
        child.stderr
          .split('\n')
          .filter((line) => line.startsWith('{'))
          .map((line) => JSON.parse(line).n),
      ).toEqual([1])
    }
  })
})
