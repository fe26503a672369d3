/** The JSON-lines logger (operations.md LG1, LG9), alert lines (LG6) and system lines (LG8). */
import { describe, expect, it } from 'vitest'

import { gatewayErrorObject } from '../../../../runtime/errors/raised-error.js'
import { createLogger, writeAlert, writeSystemLine } from '../../../../runtime/log/index.js'

function capture() {
  const lines: string[] = []
  return { lines, logger: createLogger((line) => lines.push(line)) }
}

describe('logger', () => {
  it('LG1 LG9 one compact line: timestamp and type first, fields in order, undefined left out', () => {
    const { lines, logger } = capture()
    logger.write(
      'svc_x',
      { b: 1, a: 'x', skipped: undefined, list: ['y'] },
      new Date(Date.UTC(2025, 2, 14, 9, 26, 53, 589)),
    )
    expect(lines).toEqual(['{"timestamp":"2025-03-14T09:26:53.589+00:00","type":"svc_x","b":1,"a":"x","list":["y"]}\n'])
  })

  it('fields cannot replace timestamp or type; a field named __proto__ stays a member', () => {
    const { lines, logger } = capture()
    const fields = JSON.parse('{"type":"evil","timestamp":"t","__proto__":{"polluted":true},"k":1}') as Record<
      string,
      unknown
    >
    logger.write('svc_x', fields, new Date(0))
    const parsed = JSON.parse(lines[0]!)
    expect(parsed.type).toBe('svc_x')
    expect(parsed.timestamp).toBe('1970-01-01T00:00:00.000+00:00')
    expect(Object.keys(parsed)).toEqual(['timestamp', 'type', '__proto__', 'k'])
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('LG9 lines of different times get their own timestamps', () => {
    const { lines, logger } = capture()
    logger.write('a', {}, new Date(1000))
    logger.write('a', {}, new Date(1000))
    logger.write('a', {}, new Date(2001))
    expect(lines.map((l) => JSON.parse(l).timestamp)).toEqual([
      '1970-01-01T00:00:01.000+00:00',
      '1970-01-01T00:00:01.000+00:00',
      '1970-01-01T00:00:02.001+00:00',
    ])
  })
})

describe('alert and system lines', () => {
  it('LG6 alert fields and order; numbers as numbers', () => {
    const { lines, logger } = capture()
    writeAlert(logger, 'rid', 'routing', gatewayErrorObject('NO_FLOW', ['No flow found for GET /x'], 'rid'), true)
    const line = JSON.parse(lines[0]!)
    expect(Object.keys(line)).toEqual([
      'timestamp',
      'type',
      'requestID',
      'topic',
      'message',
      'code',
      'status',
      'info',
      'raised',
    ])
    expect(line).toMatchObject({
      type: 'svc_alert',
      requestID: 'rid',
      topic: 'routing',
      message: 'No Flow Found',
      code: 3209,
      status: 404,
      info: ['No flow found for GET /x'],
      raised: true,
    })
  })

  it('LG8 system line: level, message, context fields', () => {
    const { lines, logger } = capture()
    writeSystemLine(logger, 'info', 'listening', { host: '0.0.0.0', port: 8080 })
    expect(JSON.parse(lines[0]!)).toMatchObject({
      type: 'svc_system',
      level: 'info',
      message: 'listening',
      host: '0.0.0.0',
      port: 8080,
    })
  })
})
