import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { batchingSink } from '../../../../runtime/log/stderr-sink.js'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe('batchingSink', () => {
  it('writes the lines of one event-loop turn in one write, after the turn', async () => {
    const writes: string[] = []
    const sink = batchingSink({ write: (text: string) => writes.push(text) })
    sink('a\n')
    sink('b\n')
    expect(writes).toEqual([])
    await nextTurn()
    expect(writes).toEqual(['a\nb\n'])
    sink('c\n')
    await nextTurn()
    expect(writes).toEqual(['a\nb\n', 'c\n'])
  })

  it('writes at once when a batch grows beyond 64 KiB', () => {
    const writes: string[] = []
    const sink = batchingSink({ write: (text: string) => writes.push(text) })
    const line = 'x'.repeat(1023) + '\n'
    for (let i = 0; i < 65; i++) sink(line)
    expect(writes).toHaveLength(1)
    expect(writes[0]).toHaveLength(65 * 1024)
  })

  it('leaves no exit listener behind once its lines are written', async () => {
    const before = process.listenerCount('exit')
    const sink = batchingSink({ write: () => undefined })
    sink('a\n')
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
    const lines = child.stderr.trim().split('\n').map((line) => JSON.parse(line) as { type: string; n: number })
    expect(lines.map((line) => [line.type, line.n])).toEqual([['info', 0], ['info', 1], ['info', 2]])
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
      expect(child.stderr.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line).n)).toEqual([1])
    }
  })
})
