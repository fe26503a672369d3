import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { DefinitionFolders } from '../../../../compiler/lsp/definition-folders.js'
import { definitionFor } from '../../../../compiler/lsp/project-root.js'

/** A gateway's definition: Swagger 2.0 with x-svc-* keys. */
const GATEWAY =
  'swagger: "2.0"\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get:\n      x-svc-flow: flows/a.xml\n'
/** An upstream's definition: Swagger 2.0 without them. */
const UPSTREAM = 'swagger: "2.0"\ninfo: { title: pets, version: "1" }\npaths: {}\n'

let root: string
let folders: DefinitionFolders
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true })
  writeFileSync(join(root, path), text)
}
const find = (path: string, open: ReadonlyMap<string, string> = new Map()) =>
  definitionFor(join(root, path), undefined, open, folders)

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'svc-project-root-')))
  folders = new DefinitionFolders()
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('definitionFor', () => {
  it('takes the configured definition first', () => {
    write('swagger.yaml', GATEWAY)
    expect(definitionFor(join(root, 'flows/a.xml'), '/elsewhere/api.yaml', new Map(), folders)).toBe(
      '/elsewhere/api.yaml',
    )
  })

  it('finds svc-test names in the nearest folder, in their order (operations.md TS2)', () => {
    write('definition.yaml', GATEWAY)
    write('swagger.json', '{ "swagger": "2.0" }')
    expect(find('flows/a.xml')).toBe(join(root, 'swagger.json'))
  })

  it('keeps a conventional name anywhere above before a definition found by content nearer', () => {
    write('definition.yaml', GATEWAY)
    write('flows/upstream-api.yaml', GATEWAY)
    expect(find('flows/a.xml')).toBe(join(root, 'definition.yaml'))
  })

  it('finds a definition by content when no folder above has a conventional name, nearest folder first', () => {
    write('api.yaml', GATEWAY)
    write('package.json', '{ "name": "x" }')
    write('flows/sub/README.yml', 'title: not a definition\n')
    expect(find('flows/sub/a.xml')).toBe(join(root, 'api.yaml'))
    write('flows/gateway.json', '{\n  "swagger": "2.0",\n  "x-svc-proxy": { "origin": "http://a" }\n}\n')
    expect(find('flows/sub/a.xml')).toBe(join(root, 'flows/gateway.json'))
  })

  it("takes a gateway's definition further up before an upstream's nearer, and the first by name in a folder", () => {
    write('b.yml', GATEWAY)
    write('a.json', '{ "swagger": "2.0", "paths": { "/": { "get": { "x-svc-flow": "flows/a.xml" } } } }')
    write('flows/upstream.yaml', UPSTREAM)
    expect(find('flows/a.xml')).toBe(join(root, 'a.json'))
  })

  it('takes a Swagger 2.0 document without x-svc keys when there is nothing else', () => {
    write('api.yaml', UPSTREAM)
    expect(find('flows/a.xml')).toBe(join(root, 'api.yaml'))
    expect(find('api.yaml')).toBe(join(root, 'api.yaml'))
  })

  it('counts the unsaved text of an open document over its file', () => {
    write('api.yaml', 'title: not yet\n')
    expect(find('flows/a.xml')).toBeNull()
    const open = new Map([[join(root, 'api.yaml'), GATEWAY]])
    expect(find('flows/a.xml', open)).toBe(join(root, 'api.yaml'))
    expect(find('flows/a.xml', new Map([[join(root, 'new.yaml'), GATEWAY]]))).toBe(join(root, 'new.yaml'))
  })

  it("lets a gateway's definition belong to itself, and an upstream's to the project that uses it", () => {
    write('definition.yaml', GATEWAY)
    write('services/api.yaml', GATEWAY)
    write('services/upstreams/pets.yaml', UPSTREAM)
    expect(find('services/api.yaml')).toBe(join(root, 'services/api.yaml'))
    expect(find('services/upstreams/pets.yaml')).toBe(join(root, 'definition.yaml'))
    expect(find('services/other.yaml', new Map([[join(root, 'services/other.yaml'), 'x: 1\n']]))).toBe(
      join(root, 'definition.yaml'),
    )
    rmSync(join(root, 'definition.yaml'))
    expect(find('services/upstreams/pets.yaml')).toBe(join(root, 'services/api.yaml'))
  })

  it('reads a folder again when a file is added, and a changed file once the client reports it', () => {
    const past = (seconds: number) =>
      utimesSync(root, new Date(Date.now() - seconds * 1000), new Date(Date.now() - seconds * 1000))
    past(60) // read long after its last change: the folder's time tells the next one
    expect(find('flows/a.xml')).toBeNull()
    write('api.yaml', GATEWAY)
    past(30)
    expect(find('flows/a.xml')).toBe(join(root, 'api.yaml'))
    // a content changed in place leaves the folder's time alone: seen once the client reports the file
    writeFileSync(join(root, 'api.yaml'), 'swagger: "3.0"\n')
    expect(find('flows/a.xml')).toBe(join(root, 'api.yaml'))
    folders.forget([join(root, 'api.yaml')])
    expect(find('flows/a.xml')).toBeNull()
  })

  it('reads a folder changed just before again, though a file added in the same tick leaves its time', () => {
    const { atime, mtime } = statSync(root)
    expect(find('flows/a.xml')).toBeNull()
    write('api.yaml', GATEWAY)
    utimesSync(root, atime, mtime)
    expect(find('flows/a.xml')).toBe(join(root, 'api.yaml'))
  })
})
