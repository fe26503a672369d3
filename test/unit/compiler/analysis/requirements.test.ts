/**
 * Requirements as compiled (security.md A8-A11): schemes that are documentation only always pass and
 * are left out; an alternative left empty always passes, so nothing after it can run; a requirement
 * whose first alternative always passes is no requirement.
 */
import { describe, expect, it } from 'vitest'

import { normaliseRequirement } from '../../../../compiler/analysis/security-requirements.js'
import type { SecurityRequirementNode } from '../../../../compiler/ir/definition.js'

const loc = { file: { path: '/d.yaml', text: '' }, start: 0, end: 0 }
const requirement = (...alternatives: [string, string[]][][]): SecurityRequirementNode => ({
  kind: 'security',
  loc,
  alternatives: alternatives.map((uses) => uses.map(([name, scopes]) => ({ loc, name, scopes }))),
})
const ENFORCED = new Set(['Jwt', 'Basic'])

describe('normaliseRequirement (A8-A11)', () => {
  const CASES: [string, SecurityRequirementNode | null, ReturnType<typeof normaliseRequirement>][] = [
    ['absent', null, null],
    ['A9: security: [] is no security', requirement(), null],
    [
      'A10: alternatives and combined schemes keep their order and scopes',
      requirement(
        [
          ['Jwt', ['a', 'b']],
          ['Basic', []],
        ],
        [['Basic', []]],
      ),
      [
        [
          ['Jwt', ['a', 'b']],
          ['Basic', []],
        ],
        [['Basic', []]],
      ],
    ],
    [
      'A8: a documentation-only scheme is left out of its alternative',
      requirement([
        ['Doc', []],
        ['Jwt', []],
      ]),
      [[['Jwt', []]]],
    ],
    [
      'A8: an alternative of documentation-only schemes passes first: no requirement',
      requirement([['Doc', []]], [['Jwt', []]]),
      null,
    ],
    ['A10: an empty alternative ends the list', requirement([['Jwt', []]], [], [['Basic', []]]), [[['Jwt', []]], []]],
    [
      'A8: a later documentation-only alternative ends the list too',
      requirement([['Jwt', []]], [['Doc', []]], [['Basic', []]]),
      [[['Jwt', []]], []],
    ],
  ]
  it.each(CASES)('%s', (_, given, want) => expect(normaliseRequirement(given, ENFORCED)).toEqual(want))
})
