/**
 * The specification lives in docs/spec/ (issue 23): every spec file, numbered section and rule id that
 * a comment or a document cites exists there, and every repository path they cite resolves.
 *
 * Scanned: the comments of compiler/, runtime/, templates/, scripts/ and bin/ (TypeScript and
 * JavaScript; comments as TypeScript's parser finds them, so strings and regular expressions never
 * count) and the Markdown of docs/ (the spec's own cross-references included), README.md, SECURITY.md
 * and bench/README.md.
 *
 * Rule ids are what the spec defines: a bold id opening a list item (`- **PL15.**`,
 * `- **OXN-1. Document.**`), an id in the first cell of a table row (`| PL1 | ...`), and a seed id that
 * its owning file restates under another id ("Restates seed rule `E1`"). A citation is a token made of
 * a family the spec defines (the id without its number: `PL`, `OXN-U`) and a number; for hyphenated
 * ids any family under a head the spec uses (`ACT-`, `UP-`, `XC-`, ...) is taken, so a misspelt family
 * fails too. A range (`A1-A16`, `MK1–MK6`, `ACT-eval-1..3`) cites both ends; a hyphenated family
 * named without a number (`UP-VAL`, `ACT-xslt`, `FN-0`) must have rules; `<file>.md section 9` (or
 * `§9`) must be a numbered heading of that file.
 *
 * Spec files: a bare `name.md` must be a file of docs/spec/, one beside the citing file or one at the
 * repository root, unless it is one of the few files cited on purpose from outside (below).
 *
 * Paths: a token whose first segment is a top-level folder of the repository (`runtime/`, `docs/`,
 * `.ci/`), with an optional `:line`, must name an existing file or folder (and a line the file has);
 * without an extension it may name a module, as an import does (`compiler/emit/xpath`). Not checked:
 * build output (`dist/`, `out/`, `build/`, `node_modules/` anywhere in the path) and patterns (a token
 * that goes on with `<`, `*`, `{` or `$`, as in `test/fixtures/<area>/`). Other tokens with a slash
 * (`svc-gateway/runtime`, `flows/hello.xml`) are not repository paths.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = new URL('../../../', import.meta.url).pathname
const SPEC = 'docs/spec'
const CODE_FOLDERS = ['compiler', 'runtime', 'templates', 'scripts', 'bin']
const CODE_FILE = /\.(?:ts|mts|cts|js|mjs|cjs)$/
const MARKDOWN_OUTSIDE_DOCS = ['README.md', 'SECURITY.md', 'bench/README.md']
const BUILD_OUTPUT = new Set(['dist', 'out', 'build', 'node_modules'])

/**
 * Markdown files cited on purpose although the repository does not have them: the customer's original
 * summary (docs/spec/README.md says why it stays outside) and the team's notes on third-party packages
 * (versions, engine quirks, measurements), which are working notes, not part of the product.
 */
const OUTSIDE_THE_REPOSITORY = new Set(['seed.md', 'dependencies.md'])

/** Tokens shaped like a rule id that name something else. */
const NOT_RULE_IDS = new Set([
  'P1363', // IEEE P1363, the r‖s encoding of ECDSA signatures
  'V8', // the JavaScript engine
])

// ---- the spec: files, numbered sections, rule ids and their families ----

const SPEC_FILES = readdirSync(join(ROOT, SPEC)).filter((name) => name.endsWith('.md'))
const specText = (name: string): string => readFileSync(join(ROOT, SPEC, name), 'utf8')

const ID = String.raw`[A-Z][A-Za-z0-9-]*\d[a-z]?`
const DEFINED_IN_LIST = new RegExp(String.raw`^\s*(?:[-*]|\d+\.)\s+\*\*(${ID})(?=[.*:\s])`, 'gm')
const DEFINED_IN_TABLE = new RegExp(String.raw`^\|\s*(${ID})\s*\|`, 'gm')
const RESTATED_SEED_ID = /Restates seed rule `([A-Z]\d+)`/g

function definedRuleIds(): Set<string> {
  const ids = new Set<string>()
  for (const name of SPEC_FILES) {
    for (const pattern of [DEFINED_IN_LIST, DEFINED_IN_TABLE, RESTATED_SEED_ID]) {
      for (const match of specText(name).matchAll(pattern)) ids.add(match[1]!)
    }
  }
  return ids
}

/** `PL15` -> `PL`, `XC-1` -> `XC-`, `ACT-set-status-2` -> `ACT-set-status-`, `OXN-U1` -> `OXN-U`. */
const familyOf = (id: string): string => id.replace(/\d+[a-z]?$/, '')

const RULE_IDS = definedRuleIds()
const FAMILIES = new Set([...RULE_IDS].map(familyOf))
/** Families as cited without a number: `UP-VAL`, `ACT-xslt`, `FN-0`. */
const FAMILY_NAMES = new Set([...FAMILIES].map((family) => family.replace(/-$/, '')))
/** Heads of hyphenated ids (`ACT`, `UP`, `XC`, ...), and the families without a hyphen (`PL`, `J`, ...). */
const HEADS = [
  ...new Set([...FAMILIES].filter((family) => family.includes('-')).map((family) => family.split('-')[0]!)),
]
const PLAIN_FAMILIES = [...FAMILIES].filter((family) => !family.includes('-'))

const SECTIONS = new Map(
  SPEC_FILES.map((name) => [
    name,
    new Set([...specText(name).matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.? /gm)].map((match) => match[1]!)),
  ]),
)

// ---- citations: how each kind is written ----

const alternatives = (names: readonly string[]): string => [...names].sort((a, b) => b.length - a.length).join('|')
const NUMBER = String.raw`\d+[a-z]?`
const HYPHENATED_ID = String.raw`(?:${alternatives(HEADS)})-(?:[A-Za-z0-9]+-)*[A-Za-z]*${NUMBER}`
const PLAIN_ID = String.raw`(?:${alternatives(PLAIN_FAMILIES)})${NUMBER}`
const CITED_ID = new RegExp(
  String.raw`(?<![\w-])(${HYPHENATED_ID}|${PLAIN_ID})(?:\s*(?:-|–|\.\.)\s*(${HYPHENATED_ID}|${PLAIN_ID}|${NUMBER}))?(?![\w-])`,
  'g',
)
const CITED_FAMILY = new RegExp(
  String.raw`(?<![\w-])((?:${alternatives(HEADS)})-[A-Za-z]+(?:-[A-Za-z]+)*)(?![\w-])`,
  'g',
)
const CITED_MARKDOWN = /(?<![\w./-])([\w-]+\.md)\b/g
const CITED_SECTION = new RegExp(
  String.raw`(?<![\w./-])(?:docs/spec/)?(${alternatives(SPEC_FILES).replace(/\./g, '\\.')})\`?,? \(?(?:sections? |§ ?)(\d+(?:\.\d+)*)`,
  'g',
)
const TOP_FOLDERS = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== '.git' && !BUILD_OUTPUT.has(entry.name))
  .map((entry) => entry.name.replace(/\./g, '\\.'))
const CITED_PATH = new RegExp(String.raw`(?<![\w./@-])((?:${TOP_FOLDERS.join('|')})/[\w./-]*)(?::(\d+))?([<*{$])?`, 'g')

/** The ids a CITED_ID match cites: `A1-A16` both ends, `ACT-eval-1..3` `ACT-eval-1` and `ACT-eval-3`. */
function idsOfRange(match: RegExpMatchArray): string[] {
  const [, first, last] = match
  if (last === undefined) return [first!]
  return [first!, /^\d/.test(last) ? first!.replace(/\d+[a-z]?$/, last) : last]
}

/** The path a CITED_PATH match cites (`path` or `path:line`); none for build output and patterns. */
function pathOf(match: RegExpMatchArray): string[] {
  const [, path, line, patternGoesOn] = match
  if (patternGoesOn !== undefined || path!.split('/').some((segment) => BUILD_OUTPUT.has(segment))) return []
  const trimmed = path!.replace(/\.+$/, '') // the sentence's full stop
  return [line === undefined ? trimmed : `${trimmed}:${line}`]
}

// ---- what makes a citation good ----

const isRuleId = (id: string): boolean => RULE_IDS.has(id) || FAMILY_NAMES.has(id) || NOT_RULE_IDS.has(id)
const isFamily = (name: string): boolean => FAMILY_NAMES.has(name)

function isSection(cited: string): boolean {
  const [file, number] = cited.split(' section ') as [string, string]
  return SECTIONS.get(file)?.has(number) === true
}

function isMarkdownFile(name: string, at: string): boolean {
  const citingFolder = dirname(at.slice(0, at.lastIndexOf(':')))
  return (
    OUTSIDE_THE_REPOSITORY.has(name) ||
    SPEC_FILES.includes(name) ||
    existsSync(join(ROOT, citingFolder, name)) ||
    existsSync(join(ROOT, name))
  )
}

/** Module files a path without an extension may stand for. */
const MODULE_EXTENSIONS = ['', '.ts', '.js', '.mjs']

function pathExists(cited: string): boolean {
  const [path, line] = cited.split(':') as [string, string | undefined]
  const full = MODULE_EXTENSIONS.map((extension) => join(ROOT, path + extension)).find((candidate) =>
    existsSync(candidate),
  )
  if (full === undefined) return false
  return (
    line === undefined || (statSync(full).isFile() && Number(line) <= readFileSync(full, 'utf8').split('\n').length)
  )
}

// ---- where citations are looked for ----

/** A comment, or a whole Markdown file, with the line it starts on. */
interface Passage {
  readonly file: string
  readonly line: number
  readonly text: string
}

/** What is cited (an id, family, file, section or path) and where (`file:line`). */
interface Citation {
  readonly cited: string
  readonly at: string
}

function filesUnder(folder: string, name: RegExp): string[] {
  const entries = readdirSync(join(ROOT, folder), { recursive: true }) as string[]
  return entries
    .filter((path) => name.test(path) && !path.split('/').some((segment) => BUILD_OUTPUT.has(segment)))
    .map((path) => join(folder, path))
    .sort()
}

function commentsOf(file: string): Passage[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const kind = /\.[mc]?ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  const ranges = new Map<number, number>()
  // Every comment is trivia beside some node's start or end; the map drops the repeats
  const visit = (node: ts.Node): void => {
    const near = [
      ts.getLeadingCommentRanges(text, node.pos),
      ts.getLeadingCommentRanges(text, node.end),
      ts.getTrailingCommentRanges(text, node.end),
    ]
    for (const range of near.flatMap((found) => found ?? [])) ranges.set(range.pos, range.end)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return [...ranges].map(([pos, end]) => ({
    file,
    line: source.getLineAndCharacterOfPosition(pos).line + 1,
    text: text.slice(pos, end),
  }))
}

function markdownOf(file: string): Passage {
  return { file, line: 1, text: readFileSync(join(ROOT, file), 'utf8') }
}

function scannedPassages(): Passage[] {
  const comments = CODE_FOLDERS.flatMap((folder) => filesUnder(folder, CODE_FILE)).flatMap(commentsOf)
  const markdown = [...filesUnder('docs', /\.md$/), ...MARKDOWN_OUTSIDE_DOCS].map(markdownOf)
  return [...comments, ...markdown]
}

/** Every match of `pattern` in the passages, as what `cite` makes of it, with its line. */
function citationsIn(
  passages: readonly Passage[],
  pattern: RegExp,
  cite: (match: RegExpMatchArray) => string[],
): Citation[] {
  const found: Citation[] = []
  for (const passage of passages) {
    for (const match of passage.text.matchAll(pattern)) {
      const line = passage.line + (passage.text.slice(0, match.index).match(/\n/g)?.length ?? 0)
      for (const cited of cite(match)) found.push({ cited, at: `${passage.file}:${line}` })
    }
  }
  return found
}

/** The citations that are not good, as `file:line: cited`. */
function unresolved(citations: readonly Citation[], isGood: (cited: string, at: string) => boolean): string[] {
  return citations.filter(({ cited, at }) => !isGood(cited, at)).map(({ cited, at }) => `${at}: ${cited}`)
}

const firstGroup = (match: RegExpMatchArray): string[] => [match[1]!]

describe('the repository cites docs/spec as it is', () => {
  const passages = scannedPassages()

  it('reads the definitions of docs/spec, seed ids restated in their owning files included', () => {
    expect(SPEC_FILES).toContain('operations.md')
    expect(SPEC_FILES).not.toContain('seed.md')
    for (const id of [
      'PL11',
      'CC24',
      'J5a',
      'UP-GEN-6',
      'T-COM-3',
      'T-ERR-1',
      'OXN-7',
      'OXN-U1',
      'ACT-set-status-1',
      'FN-0-1',
      'XC-1',
      'TS2',
    ]) {
      expect(RULE_IDS, id).toContain(id)
    }
    for (const seedId of ['D1', 'P5', 'R3', 'A6', 'O6', 'X5', 'E1', 'V6', 'B2', 'U2'])
      expect(RULE_IDS, seedId).toContain(seedId)
    expect(SECTIONS.get('definition.md')).toContain('9')
  })

  it('tells rule ids from tokens that only look like them', () => {
    for (const token of ['UTF8', 'ES2022', 'SHA256', 'HS256', 'RFC 8259', 'UTF-8', 'XPTY0004', 'x-svc-flow', 'e2e']) {
      expect(token.match(CITED_ID), token).toBeNull()
    }
    const cited = (text: string): string[] => [...text.matchAll(CITED_ID)].flatMap(idsOfRange)
    expect(cited('see PL5–PL12, ACT-eval-1..3 and `XC-2`')).toEqual(['PL5', 'PL12', 'ACT-eval-1', 'ACT-eval-3', 'XC-2'])
  })

  it('names the file and line of each citation that does not resolve', () => {
    const comment: Passage = {
      file: 'runtime/x.ts',
      line: 10,
      text: '/**\n * PL11, PL99, UP-GEN-6..99 (flows.md section 42)\n * UP-VALX, ACT-evl-1 runtime/index.ts:9999 opertions.md\n */',
    }
    expect(unresolved(citationsIn([comment], CITED_ID, idsOfRange), isRuleId)).toEqual([
      'runtime/x.ts:11: PL99',
      'runtime/x.ts:11: UP-GEN-99',
      'runtime/x.ts:12: ACT-evl-1',
    ])
    expect(unresolved(citationsIn([comment], CITED_FAMILY, firstGroup), isFamily)).toEqual(['runtime/x.ts:12: UP-VALX'])
    expect(
      unresolved(
        citationsIn([comment], CITED_SECTION, (match) => [`${match[1]} section ${match[2]}`]),
        isSection,
      ),
    ).toEqual(['runtime/x.ts:11: flows.md section 42'])
    expect(unresolved(citationsIn([comment], CITED_MARKDOWN, firstGroup), isMarkdownFile)).toEqual([
      'runtime/x.ts:12: opertions.md',
    ])
    expect(unresolved(citationsIn([comment], CITED_PATH, pathOf), pathExists)).toEqual([
      'runtime/x.ts:12: runtime/index.ts:9999',
    ])
  })

  it('cites only rule ids that docs/spec defines', () => {
    const ids = citationsIn(passages, CITED_ID, idsOfRange)
    expect(ids.length).toBeGreaterThan(3000)
    expect(unresolved(ids, isRuleId)).toEqual([])
  })

  it('cites only families of rules that docs/spec has', () => {
    expect(unresolved(citationsIn(passages, CITED_FAMILY, firstGroup), isFamily)).toEqual([])
  })

  it('cites only spec files and numbered sections that exist', () => {
    expect(unresolved(citationsIn(passages, CITED_MARKDOWN, firstGroup), isMarkdownFile)).toEqual([])
    const sections = citationsIn(passages, CITED_SECTION, (match) => [`${match[1]} section ${match[2]}`])
    expect(sections.length).toBeGreaterThan(50)
    expect(unresolved(sections, isSection)).toEqual([])
  })

  it('cites only repository paths that exist', () => {
    const paths = citationsIn(passages, CITED_PATH, pathOf)
    expect(paths.length).toBeGreaterThan(300)
    expect(unresolved(paths, pathExists)).toEqual([])
  })
})
