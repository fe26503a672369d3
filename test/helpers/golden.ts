/**
 * Expected files (goldens) in one place: a test hands over the text it produced and the file or folder
 * that holds the expected text. Normally the two must match byte for byte (a mismatch fails with a
 * line diff and the file's name); with `UPDATE_GOLDEN=1` the expected side is rewritten first, so the
 * change shows up in `git diff` and is reviewed like code. A missing expected file fails: a golden is
 * only ever created on purpose, with `UPDATE_GOLDEN=1`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

import { expect } from 'vitest'

/** True when this run rewrites expected files instead of only comparing them. */
export const UPDATING_GOLDENS = process.env.UPDATE_GOLDEN === '1'

const HOW_TO_UPDATE = 'UPDATE_GOLDEN=1 rewrites it; review the diff like code'

function shown(path: string): string {
  return relative(process.cwd(), path)
}

/** `actual` must equal the text of `expectedPath`; with UPDATE_GOLDEN=1 the file is written first. */
export function expectMatchesFile(actual: string, expectedPath: string): void {
  if (UPDATING_GOLDENS) {
    mkdirSync(dirname(expectedPath), { recursive: true })
    writeFileSync(expectedPath, actual)
  }
  compareWithFile(actual, expectedPath)
}

function compareWithFile(actual: string, expectedPath: string): void {
  if (!existsSync(expectedPath))
    expect.fail(`expected file ${shown(expectedPath)} does not exist; UPDATE_GOLDEN=1 writes it`)
  expect(actual, `${shown(expectedPath)} (${HOW_TO_UPDATE})`).toBe(readFileSync(expectedPath, 'utf8'))
}

/** The paths of the regular files under `dir`, relative to it and sorted ([] when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort()
}

/**
 * `expectedDir` must hold exactly the files of `actual` (relative path -> text), each with that text;
 * with UPDATE_GOLDEN=1 the folder is replaced first, so files no longer produced disappear from it.
 */
export function expectMatchesFolder(actual: ReadonlyMap<string, string>, expectedDir: string): void {
  if (UPDATING_GOLDENS) {
    rmSync(expectedDir, { recursive: true, force: true })
    for (const [path, text] of actual) {
      mkdirSync(dirname(join(expectedDir, path)), { recursive: true })
      writeFileSync(join(expectedDir, path), text)
    }
  }
  expect(filesUnder(expectedDir), `the files of ${shown(expectedDir)} (${HOW_TO_UPDATE})`).toEqual(
    [...actual.keys()].sort(),
  )
  for (const [path, text] of actual) compareWithFile(text, join(expectedDir, path))
}
