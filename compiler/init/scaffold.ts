/**
 * The files of a new project (`svc-compile init`, issue 24): the files under `templates/init/` with
 * the project's name filled in, the package's own `Dockerfile`, and the project's package.json.
 * Pure: reading and writing happen in init-command.ts.
 */

/** A file of the scaffold: its path in the project (`/`-separated) and its text. */
export interface ScaffoldFile {
  readonly path: string
  readonly text: string
}

/** The placeholder in template files for the project's name. */
const NAME_PLACEHOLDER = /%NAME%/g

/**
 * Where a template file goes in the project. A first path segment starting with `_` stands for `.`
 * (`_gitignore`, `_vscode/`, `_github/`): npm leaves `.gitignore` files out of packages.
 */
export function projectPathOf(templatePath: string): string {
  return templatePath.startsWith('_') ? `.${templatePath.slice(1)}` : templatePath
}

/**
 * A name npm accepts for the project, made from its folder's name: lower case; characters other
 * than letters, digits, `-`, `.` and `_` become `-`; no leading `.` or `_` (npm's rules); `api` when
 * nothing is left.
 */
export function packageNameOf(folderName: string): string {
  const name = folderName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .slice(0, 214)
  return name === '' ? 'api' : name
}

/** The scripts a project runs the gateway with (its README names `npm start` and `npm test`). */
export const PROJECT_SCRIPTS: Readonly<Record<string, string>> = {
  build: 'svc-compile definition.yaml -o dist/',
  start: 'svc-compile definition.yaml -o dist/ && node dist/server.mjs',
  test: 'svc-compile definition.yaml --check && svc-test tests/*.xml',
}

/** The version range a new project depends on: this release and later compatible ones. */
export function dependencyRange(version: string): string {
  return `^${version}`
}

/** The project's package.json when it has none. */
export function newPackageJson(name: string, version: string): string {
  const manifest = {
    name,
    version: '0.1.0',
    private: true,
    scripts: PROJECT_SCRIPTS,
    devDependencies: { 'svc-gateway': dependencyRange(version) },
  }
  return `${JSON.stringify(manifest, null, 2)}\n`
}

/**
 * An existing package.json with what the project needs added: the scripts it lacks and svc-gateway
 * as a development dependency when no dependency list names it. Nothing already there changes;
 * `added` names what was added (empty: the text is unchanged).
 */
export function mergePackageJson(text: string, version: string): { text: string; added: string[] } {
  const manifest = JSON.parse(text) as Record<string, unknown>
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    throw new Error('package.json is not a JSON object')
  const added: string[] = []
  const scripts = objectMember(manifest, 'scripts')
  for (const [name, command] of Object.entries(PROJECT_SCRIPTS)) {
    if (scripts[name] === undefined) {
      scripts[name] = command
      added.push(`script "${name}"`)
    }
  }
  const listed = ['dependencies', 'devDependencies', 'optionalDependencies'].some((list) => {
    const deps = manifest[list]
    return typeof deps === 'object' && deps !== null && 'svc-gateway' in deps
  })
  if (!listed) {
    objectMember(manifest, 'devDependencies')['svc-gateway'] = dependencyRange(version)
    added.push('devDependency svc-gateway')
  }
  if (added.length === 0) return { text, added }
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  '
  return { text: `${JSON.stringify(manifest, null, indent)}\n`, added }
}

/** The object `manifest[key]`, made when absent; an error when it is something else. */
function objectMember(manifest: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = (manifest[key] ??= {})
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`"${key}" in package.json is not an object`)
  return value as Record<string, unknown>
}

/**
 * The scaffold's files from the template files (path under templates/init/ and text) and the text of
 * the package's Dockerfile. Every file but package.json, which the caller creates or merges.
 */
export function scaffoldFiles(name: string, templates: readonly ScaffoldFile[], dockerfile: string): ScaffoldFile[] {
  const files = templates.map((file) => ({
    path: projectPathOf(file.path),
    text: file.text.replace(NAME_PLACEHOLDER, name),
  }))
  files.push({ path: 'Dockerfile', text: dockerfile })
  return files.sort((a, b) => a.path.localeCompare(b.path))
}
