/**
 * `serve` over HTTP with symbolic links (actions.md ACT-serve-2; operations.md CL2, FS5): a link that
 * stays inside the document root is served; one that leaves the folder (to another part of the
 * project, or out of the project) is refused, also in the compiled site copy, which keeps links
 * inside the project as links and leaves the others out.
 */
import { lstatSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type RunningGateway, startProject } from '../../../../helpers/gateway-process.js'
import { send } from '../../../../helpers/http.js'
import { makeSite, removeSite } from './helpers.js'

const FALLBACK = '<!doctype html><title>app</title>'

describe('ACT-serve-2 symbolic links over HTTP', () => {
  let root = ''
  let outside = ''
  let gateway: RunningGateway
  beforeAll(async () => {
    outside = makeSite({ passwd: 'outside the project' })
    root = makeSite({
      'definition.yaml': 'swagger: "2.0"\nbasePath: /api\nx-svc-default-flow: web/site.xml\npaths: {}\n',
      'web/site.xml': '<flow><serve dir="public" fallback-doc="public/app.html"/></flow>',
      'web/public/app.html': FALLBACK,
      'web/public/img/logo.svg': '<svg/>',
      'web/private/secret.txt': 'inside the project, outside the folder',
    })
    symlinkSync('img/logo.svg', join(root, 'web/public/logo.svg'))
    symlinkSync('img', join(root, 'web/public/images'))
    symlinkSync('../private/secret.txt', join(root, 'web/public/secret.txt'))
    symlinkSync('../private', join(root, 'web/public/private'))
    symlinkSync(join(outside, 'passwd'), join(root, 'web/public/passwd'))
    gateway = await startProject(join(root, 'definition.yaml'))
  })
  afterAll(async () => {
    await gateway?.stop()
    removeSite(root)
    removeSite(outside)
  })

  it.each([
    ['a linked file inside the folder is served', '/logo.svg', '<svg/>'],
    ['a linked folder inside the folder is served', '/images/logo.svg', '<svg/>'],
    ['a link to another part of the project is refused', '/secret.txt', FALLBACK],
    ['a linked folder elsewhere in the project is refused', '/private/secret.txt', FALLBACK],
    ['a link out of the project is refused', '/passwd', FALLBACK],
  ])('%s', async (_, path, body) => {
    const response = await send(gateway.url, { path })
    expect([response.status, response.body]).toEqual([200, body])
  })

  it('CL2 the site copy keeps links inside the project as links and leaves out the others', () => {
    const copy = join(gateway.outDir, 'site/web/public')
    expect(lstatSync(join(copy, 'secret.txt')).isSymbolicLink()).toBe(true)
    expect(() => lstatSync(join(copy, 'passwd'))).toThrow()
  })
})
