/**
 * The fixture project test/fixtures/e2e/10-template-examples (run over HTTP by test/e2e/fixtures.test.ts)
 * must be what examples-fixture.ts builds from the example table, so the in-process and the HTTP runs
 * test the same cases. `UPDATE_GOLDEN=1` rewrites the fixture.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { expect, it } from 'vitest'
import { fixtureFiles } from './examples-fixture.js'

const DIR = new URL('../../fixtures/e2e/10-template-examples/', import.meta.url).pathname

it('the HTTP fixture of templates.md section 14 matches the example table', () => {
  const files = fixtureFiles()
  if (process.env.UPDATE_GOLDEN === '1') {
    rmSync(DIR, { recursive: true, force: true })
    for (const [path, text] of files) {
      mkdirSync(dirname(join(DIR, path)), { recursive: true })
      writeFileSync(join(DIR, path), text)
    }
  }
  const onDisk = readdirSync(DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(DIR, join(entry.parentPath, entry.name)))
    .sort()
  expect(onDisk).toEqual([...files.keys()].sort())
  for (const [path, text] of files) expect(readFileSync(join(DIR, path), 'utf8'), path).toBe(text)
})
