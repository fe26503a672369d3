/**
 * The node flags workers start with (SVC_WORKERS > 1, issue 22): the primary's own, plus a 32 MiB
 * young-generation semi-space unless the primary's flags or NODE_OPTIONS size it already.
 */
import { describe, expect, it } from 'vitest'

import { workerExecArgv } from '../../../../runtime/cluster/worker-flags.js'

const CASES: [string, { execArgv: string[]; nodeOptions?: string; want: string[] }][] = [
  ['no flags: the semi-space is added', { execArgv: [], want: ['--max-semi-space-size=32'] }],
  [
    'other flags are kept, in order',
    {
      execArgv: ['--enable-source-maps', '--stack-size=2000'],
      want: ['--enable-source-maps', '--stack-size=2000', '--max-semi-space-size=32'],
    },
  ],
  ['a size on the command line wins', { execArgv: ['--max-semi-space-size=8'], want: ['--max-semi-space-size=8'] }],
  [
    'a size in NODE_OPTIONS wins',
    {
      execArgv: ['--enable-source-maps'],
      nodeOptions: '--max-old-space-size=512 --max-semi-space-size=64',
      want: ['--enable-source-maps'],
    },
  ],
  [
    'a similar flag is not a size',
    {
      execArgv: ['--max-semi-space-sizes=1'],
      nodeOptions: '--semi-space-growth-factor=2',
      want: ['--max-semi-space-sizes=1', '--max-semi-space-size=32'],
    },
  ],
]

describe('workerExecArgv', () => {
  it.each(CASES)('%s', (_, { execArgv, nodeOptions, want }) =>
    expect(workerExecArgv(execArgv, nodeOptions)).toEqual(want),
  )
})
