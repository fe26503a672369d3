/**
 * Type-checks the generated modules against the runtime's public entry (architecture: generated code
 * is product surface and must compile cleanly). A failure is a compiler bug, reported as such.
 */
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

import { Project, ts } from 'ts-morph'

import { packageRoot } from '../package-root.js'

/** Newest modification time of the runtime sources. */
function newestRuntimeSource(root: string): number {
  let newest = 0
  for (const entry of readdirSync(join(root, 'runtime'), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts'))
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

/**
 * The declarations of the runtime surface generated code imports (runtime/surface.ts): the prepared `build/runtime-types` (scripts/build-cli.mjs)
 * when it is newer than every runtime source, which makes checking several times faster; else the sources.
 */
function runtimeEntry(root: string): string {
  const prepared = join(root, 'build', 'runtime-types', 'runtime', 'surface.d.ts')
  if (existsSync(prepared) && statSync(prepared).mtimeMs >= newestRuntimeSource(root)) return prepared
  return join(root, 'runtime', 'surface.ts')
}

/**
 * The folder that holds `@types/node`, a dependency of svc-gateway: its own node_modules in a
 * checkout, usually the project's when the package is installed (npm hoists it).
 */
function nodeTypesRoot(root: string): string {
  return dirname(dirname(createRequire(join(root, 'package.json')).resolve('@types/node/package.json')))
}

/** Returns the formatted type errors of the generated modules (empty when they type-check). */
export function typecheckModules(srcDir: string, modules: ReadonlyMap<string, string>): string[] {
  const root = packageRoot()
  const project = new Project({
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ['node'],
      typeRoots: [nodeTypesRoot(root)],
      paths: { 'svc-gateway/runtime': [runtimeEntry(root)] },
    },
    skipAddingFilesFromTsConfig: true,
  })
  // Plain JavaScript modules (ajv's standalone validators) are checked through their `.d.ts`.
  const typed = [...modules].filter(([path]) => !path.endsWith('.js'))
  const files = typed.map(([path, text]) => project.createSourceFile(join(srcDir, path), text, { overwrite: true }))
  const program = project.getProgram()
  return files.flatMap((file) =>
    [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => {
      const line = d.getLineNumber() ?? 0
      const text = ts.flattenDiagnosticMessageText(d.getMessageText() as string | ts.DiagnosticMessageChain, '\n')
      return `${file.getFilePath()}:${line}: ${text}`
    }),
  )
}
