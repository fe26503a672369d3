/**
 * The skeletons of templates/ as a build uses them: the pieces prepared in build/skeletons.json are
 * those ts-morph cuts from the current skeletons, and filling them gives the flow function of the
 * goldens, with `return CONTINUE` exactly when control reaches the end of the body.
 */
import { describe, expect, it } from 'vitest'

import { identifier, unsafeCode } from '../../../../compiler/emit/code.js'
import { prepareSkeletons } from '../../../../compiler/emit/skeleton-parts.js'
import { loadSkeletons, SkeletonWriter } from '../../../../compiler/emit/skeletons.js'
import { packageRoot } from '../../../../compiler/package-root.js'

describe('skeletons', () => {
  it('loads the pieces ts-morph cuts from templates/ (prepared, or cut again when a skeleton is newer)', async () => {
    const parts = prepareSkeletons(packageRoot())
    expect(await loadSkeletons()).toEqual(parts)
    expect(parts.flowFunction).toEqual({
      beforeName: 'export async function ',
      afterName: '(ctx: FlowContext): Promise<Completion> {',
      fallThrough: 'return CONTINUE',
      close: '}',
    })
    expect(parts.serverEntry).toBe(
      "await startServer(APP, { siteRoot: fileURLToPath(new URL('./site/', import.meta.url)) })",
    )
  })

  it('fills the flow function: indented body, blank lines kept empty, the fall-through return only when reachable', async () => {
    const writer = new SkeletonWriter(await loadSkeletons())
    const body = unsafeCode('// a.xml:2:3 <if>\nif (x) {\n  y()\n}\n\nz()')
    expect(writer.flowFunction(identifier('flowA'), body, true, 'Runs a.xml.')).toBe(
      [
        '/** Runs a.xml. */',
        'export async function flowA(ctx: FlowContext): Promise<Completion> {',
        '  // a.xml:2:3 <if>',
        '  if (x) {',
        '    y()',
        '  }',
        '',
        '  z()',
        '  return CONTINUE',
        '}',
      ].join('\n'),
    )
    expect(writer.flowFunction(identifier('flowB'), unsafeCode('throw e'), false, 'Runs b.xml.')).toBe(
      [
        '/** Runs b.xml. */',
        'export async function flowB(ctx: FlowContext): Promise<Completion> {',
        '  throw e',
        '}',
      ].join('\n'),
    )
    expect(writer.flowFunction(identifier('flowC'), unsafeCode(''), true, 'Runs c.xml.')).toBe(
      [
        '/** Runs c.xml. */',
        'export async function flowC(ctx: FlowContext): Promise<Completion> {',
        '  return CONTINUE',
        '}',
      ].join('\n'),
    )
  })
})
