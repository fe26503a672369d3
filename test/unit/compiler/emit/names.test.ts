import { describe, expect, it } from 'vitest'

import {
  NameTable,
  RUNTIME_FLOW_LIKE_EXPORTS,
  RUNTIME_TEST_LIKE_EXPORTS,
  wantedFlowFunctionName,
  wantedTestFunctionName,
} from '../../../../compiler/emit/names.js'
import * as runtime from '../../../../runtime/index.js'

describe('generated names never clash with runtime imports', () => {
  it('lists every runtime export shaped like a flow function or a test function', () => {
    const exports = Object.keys(runtime)
    expect(exports.filter((name) => /^flow[A-Z0-9_]/.test(name)).sort()).toEqual([...RUNTIME_FLOW_LIKE_EXPORTS].sort())
    expect(exports.filter((name) => /^test[A-Z0-9_]/.test(name)).sort()).toEqual([...RUNTIME_TEST_LIKE_EXPORTS].sort())
  })

  it('gives flows/handler.xml a name other than the runtime flowHandler', () => {
    const names = new NameTable()
    expect(names.allocate(wantedFlowFunctionName('flows/handler.xml')).text).toBe('flowHandler_2')
    expect(names.allocate(wantedFlowFunctionName('flows/user.xml')).text).toBe('flowUser')
    expect(names.allocate(wantedTestFunctionName('tests/user.xml')).text).toBe('testUser')
  })

  it('gives tests/request.xml a name other than the runtime testRequest', () => {
    const names = new NameTable()
    expect(names.allocate(wantedTestFunctionName('tests/request.xml')).text).toBe('testRequest_2')
  })
})
