/** definition.md CC14 for discriminators and empty enums (validation.md VA29, VA31), through compile(). */
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { formatDiagnostic } from '../../../../compiler/diagnostics/index.js'
import { compile } from '../../../../compiler/index.js'
import { cleanupSites, lines } from '../../runtime/validate/helpers.js'
import { makeSite } from '../definition/site.js'

afterAll(cleanupSites)

async function diagnostics(definition: string): Promise<string[]> {
  const root = makeSite({ 'definition.yaml': definition, 'f.xml': '<flow/>' })
  const result = await compile(join(root, 'definition.yaml'), { typecheck: false })
  return result.diagnostics.map((d) => formatDiagnostic(d, { cwd: root, frames: false }))
}

describe('CC14 schema checks', () => {
  it('VA29, CC14: a discriminator outside definitions, or not listed in properties', async () => {
    expect(
      await diagnostics(
        lines(
          'swagger: "2.0"',
          'definitions:',
          '  Pet:',
          '    type: object',
          '    discriminator: kind',
          '    properties: { name: { type: string } }',
          '  Ok:',
          '    discriminator: kind',
          '    properties: { kind: { type: string } }',
          'paths:',
          '  /p:',
          '    post:',
          '      x-svc-flow: f.xml',
          '      parameters:',
          '        - name: b',
          '          in: body',
          '          schema: { discriminator: kind, properties: { kind: { type: string } }, example: { discriminator: 1 } }',
        ),
      ),
    ).toEqual([
      'definition.yaml:5:20: error: invalid schema: discriminator "kind" is not listed in properties',
      'definition.yaml:17:36: error: invalid schema: a discriminator is only allowed in a schema under definitions',
    ])
  })

  it('CC14: an empty enum', async () => {
    expect(await diagnostics(lines('swagger: "2.0"', 'definitions:', '  E: { enum: [] }', 'paths: {}'))).toEqual([
      'definition.yaml:3:14: error: invalid schema: "enum" must list at least one value',
    ])
  })
})
