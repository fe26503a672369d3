/**
 * Type-checks the generated modules against the runtime's public entry (architecture: generated code
 * is product surface and must compile cleanly). A failure is a compiler bug, reported as such.
 */
import { join } from 'node:path'
import { Project, ts } from 'ts-morph'
import { packageRoot } from './package-root.js'

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
      typeRoots: [join(root, 'node_modules', '@types')],
      paths: { 'svc-gateway/runtime': [join(root, 'runtime', 'index.ts')] },
    },
    skipAddingFilesFromTsConfig: true,
  })
  const files = [...modules].map(([path, text]) => project.createSourceFile(join(srcDir, path), text, { overwrite: true }))
  const program = project.getProgram()
  return files.flatMap((file) =>
    [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map((d) => {
      const line = d.getLineNumber() ?? 0
      const text = ts.flattenDiagnosticMessageText(d.getMessageText() as string | ts.DiagnosticMessageChain, '\n')
      return `${file.getFilePath()}:${line}: ${text}`
    }),
  )
}
