import { describe, expect, it } from 'vitest'

import {
  mergePackageJson,
  newPackageJson,
  packageNameOf,
  PROJECT_SCRIPTS,
  projectPathOf,
  scaffoldFiles,
} from '../../../../compiler/init/scaffold.js'

describe('svc-compile init: the scaffold (issue 24)', () => {
  it('names the package after its folder as npm allows', () => {
    expect(packageNameOf('My API')).toBe('my-api')
    expect(packageNameOf('orders.v2_gateway')).toBe('orders.v2_gateway')
    expect(packageNameOf('.hidden')).toBe('hidden')
    expect(packageNameOf('_x')).toBe('x')
    expect(packageNameOf('Ünïcode!')).toBe('n-code-')
    expect(packageNameOf('***')).toBe('api')
  })

  it('turns a leading _ of a template path into a dot', () => {
    expect(projectPathOf('_gitignore')).toBe('.gitignore')
    expect(projectPathOf('_github/workflows/ci.yml')).toBe('.github/workflows/ci.yml')
    expect(projectPathOf('flows/hello.xml')).toBe('flows/hello.xml')
    expect(projectPathOf('flows/_x.xml')).toBe('flows/_x.xml')
  })

  it('fills the name into the templates and adds the Dockerfile, sorted by path', () => {
    const files = scaffoldFiles(
      'shop',
      [
        { path: 'README.md', text: '# %NAME% (%NAME%)' },
        { path: '_gitignore', text: 'dist/\n' },
      ],
      'FROM node\n',
    )
    expect(files).toEqual([
      { path: '.gitignore', text: 'dist/\n' },
      { path: 'Dockerfile', text: 'FROM node\n' },
      { path: 'README.md', text: '# shop (shop)' },
    ])
  })

  it('writes a package.json with the scripts and svc-gateway of this version', () => {
    const manifest = JSON.parse(newPackageJson('shop', '1.2.3'))
    expect(manifest).toEqual({
      name: 'shop',
      version: '0.1.0',
      private: true,
      scripts: PROJECT_SCRIPTS,
      devDependencies: { 'svc-gateway': '^1.2.3' },
    })
  })

  it('adds to an existing package.json only what it lacks, keeping its indentation', () => {
    const text =
      '{\n    "name": "mine",\n    "scripts": { "test": "my own tests" },\n    "dependencies": { "left-pad": "1.0.0" }\n}\n'
    const { text: merged, added } = mergePackageJson(text, '1.2.3')
    expect(added).toEqual(['script "build"', 'script "start"', 'devDependency svc-gateway'])
    expect(merged).toMatch(/^\{\n {4}"name": "mine",/)
    const manifest = JSON.parse(merged)
    expect(manifest.scripts).toEqual({
      test: 'my own tests',
      build: PROJECT_SCRIPTS.build,
      start: PROJECT_SCRIPTS.start,
    })
    expect(manifest.dependencies).toEqual({ 'left-pad': '1.0.0' })
    expect(manifest.devDependencies).toEqual({ 'svc-gateway': '^1.2.3' })
  })

  it('leaves a package.json that has everything unchanged, byte for byte', () => {
    const text = `{"scripts":${JSON.stringify(PROJECT_SCRIPTS)},"dependencies":{"svc-gateway":"file:../x.tgz"}}`
    expect(mergePackageJson(text, '1.2.3')).toEqual({ text, added: [] })
  })

  it('refuses a package.json it cannot add to', () => {
    expect(() => mergePackageJson('[1]', '1.0.0')).toThrow('package.json is not a JSON object')
    expect(() => mergePackageJson('{"scripts": "x"}', '1.0.0')).toThrow('"scripts" in package.json is not an object')
    expect(() => mergePackageJson('{', '1.0.0')).toThrow(SyntaxError)
  })
})
