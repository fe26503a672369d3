/**
 * The files generated from the documentation table are checked in: the schemas the package ships
 * (schemas/) and docs/reference.md. Each must equal what the table gives now (UPDATE_GOLDEN=1 rewrites
 * them), so a change to an action, function or extension cannot leave them behind.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, it } from 'vitest'

import { referencePage } from '../../../../compiler/language/reference-page.js'
import { SCHEMA_FILES, SCHEMA_KINDS, schemaText } from '../../../../compiler/language/schemas.js'
import { expectMatchesFile } from '../../../helpers/golden.js'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))

describe('generated files', () => {
  for (const kind of SCHEMA_KINDS) {
    it(`${SCHEMA_FILES[kind]} is the ${kind} schema`, () => {
      expectMatchesFile(schemaText(kind)!, join(REPO, SCHEMA_FILES[kind]))
    })
  }

  it('docs/reference.md is the reference page', () => {
    expectMatchesFile(referencePage(), join(REPO, 'docs/reference.md'))
  })
})
