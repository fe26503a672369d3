/**
 * The fixture project test/fixtures/e2e/10-template-examples (run over HTTP by test/e2e/fixtures.test.ts)
 * must be what examples-fixture.ts builds from the example table, so the in-process and the HTTP runs
 * test the same cases. `UPDATE_GOLDEN=1` rewrites the fixture (test/helpers/golden.ts).
 */
import { it } from 'vitest'

import { expectMatchesFolder } from '../../../helpers/golden.js'
import { fixtureFiles } from './examples-fixture.js'

const DIR = new URL('../../../fixtures/e2e/10-template-examples/', import.meta.url).pathname

it('the HTTP fixture of templates.md section 14 matches the example table', () => {
  expectMatchesFolder(fixtureFiles(), DIR)
})
