/**
 * Every example opens in VS Code with the schemas: its `.vscode/settings.json` associates
 * definition.yaml with the shipped JSON Schema (yaml.schemas of the YAML extension) and the flow and
 * test documents with the shipped XSD (xml.fileAssociations of the XML extension), and every file it
 * names exists.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import { SCHEMA_FILES } from '../../../../compiler/language/schemas.js'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
const EXAMPLES = readdirSync(join(REPO, 'examples'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

interface Settings {
  readonly 'yaml.schemas': Record<string, string[]>
  readonly 'xml.fileAssociations': { pattern: string; systemId: string }[]
}

describe('editor settings of the examples', () => {
  it.each(EXAMPLES)('%s uses the shipped schemas', (name) => {
    const dir = join(REPO, 'examples', name)
    const settings = JSON.parse(readFileSync(join(dir, '.vscode/settings.json'), 'utf8')) as Settings
    const yaml = Object.entries(settings['yaml.schemas'])
    expect(yaml.map(([path]) => resolve(dir, path))).toEqual([join(REPO, SCHEMA_FILES.definition)])
    expect(yaml[0]![1].every((file) => existsSync(join(dir, file)))).toBe(true)
    const xml = settings['xml.fileAssociations']
    expect(xml.map((a) => a.pattern).sort()).toEqual(['flows/**/*.xml', 'tests/**/*.xml'])
    for (const association of xml)
      expect(resolve(dir, association.systemId.replace('${workspaceFolder}/', ''))).toBe(join(REPO, SCHEMA_FILES.flow))
  })
})
