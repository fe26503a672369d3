/**
 * Loading the upstream definitions of a project (upstream.md UP-VAL-1, UP-MOCK-1; validation.md VA39,
 * VA31): every literal `definition` option of `request`, `requests`, `proxy-request` (static bodies,
 * and literal values inside dynamic ones, template-definitions.ts) and `x-svc-proxy` is resolved like
 * a file (F-LOC-1: relative to the flow file, or to the definition for `x-svc-proxy`; `/` and
 * `svc://site/` from the site root) and loaded with the definition loader and dialect now. A missing file, one outside the site, or
 * one with errors is a CE (the errors are reported in that file).
 *
 * When a `definition` value is computed at run time (a placeholder, `{env: NAME}`, or a `requests`
 * object taken from a variable), the compiler cannot know the file: every other YAML or JSON file of
 * the site with a top-level `swagger` key is compiled too, quietly, and a file that fails is recorded
 * as invalid, so the run time answers with error 3211 (Decided: schemas are never compiled at run
 * time, VA31). Upstream definitions have no handlers: their "no handler" and "not enforced" warnings
 * are dropped.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative, resolve, sep } from 'node:path'

import { definitionSitePath } from '../../runtime/upstream/upstream-definitions.js'
import { JsonObject, type JsonValue } from '../../runtime/values/json-value.js'
import { loadDefinition } from '../definition/index.js'
import { DiagnosticBag } from '../diagnostics/diagnostic.js'
import type { Loc } from '../diagnostics/source.js'
import type { DefinitionNode, HandlerNode } from '../ir/definition.js'
import type { ProxyValueNode } from '../ir/definition.js'
import type { FlowNode } from '../ir/flow.js'
import type { StatementNode } from '../ir/statements.js'
import type { TemplateNode, TemplatePart } from '../ir/template.js'
import type { UpstreamDefinitions } from '../ir/upstream.js'
import { checkSchemas } from '../schemas/check.js'
import { forEachStatement } from '../validate/walk.js'
import { templateDefinitions } from './template-definitions.js'

interface Reference {
  readonly value: string
  readonly dir: string
  readonly loc: Loc
}

/** Warnings that only make sense for the gateway's own definition. */
const HANDLER_ONLY = new Set(['definition/no-handler', 'security/not-enforced'])

export function loadUpstreamDefinitions(
  definition: DefinitionNode,
  flows: ReadonlyMap<string, FlowNode>,
  bag: DiagnosticBag,
  outDir?: string,
): UpstreamDefinitions {
  const found = new Finder()
  for (const flow of flows.values()) forEachStatement(flow.body, (statement) => found.statement(statement))
  for (const route of definition.routes) {
    found.handler(route.handler)
    for (const operation of route.operations ?? []) found.handler(operation.handler)
  }
  const loaded = new Map<string, DefinitionNode>()
  const failed = new Set<string>()
  for (const ref of found.references) {
    const path = definitionSitePath(ref.value, ref.dir)
    if (path === null) {
      bag.error('upstream/invalid-definition', ref.loc, `upstream definition ${ref.value} is outside the site`)
      continue
    }
    if (loaded.has(path) || failed.has(path)) continue
    const file = join(definition.siteRoot, path)
    if (!existsSync(file) || !statSync(file).isFile()) {
      bag.error('upstream/missing-definition', ref.loc, `upstream definition ${path} not found`)
      failed.add(path)
      continue
    }
    const node = loadQuietly(file, definition.siteRoot, bag)
    if (node === undefined) failed.add(path)
    else loaded.set(path, node)
  }
  const invalid = new Map<string, string>()
  if (found.dynamic) {
    for (const path of candidateFiles(definition, outDir)) {
      if (loaded.has(path) || failed.has(path)) continue
      const own = new DiagnosticBag()
      const node = loadQuietly(join(definition.siteRoot, path), definition.siteRoot, own)
      if (node !== undefined) loaded.set(path, node)
      else invalid.set(path, own.sorted().find((d) => d.severity === 'error')?.message ?? 'it cannot be loaded')
    }
  }
  return {
    definitions: new Map([...loaded].sort(([a], [b]) => (a < b ? -1 : 1))),
    invalid: new Map([...invalid].sort(([a], [b]) => (a < b ? -1 : 1))),
  }
}

/** Loads one definition into `bag` without the handler-only warnings; undefined when it has errors. */
function loadQuietly(file: string, siteRoot: string, bag: DiagnosticBag): DefinitionNode | undefined {
  const own = new DiagnosticBag()
  const node = loadDefinition(file, own, siteRoot)
  if (node !== undefined) checkSchemas(node, own)
  for (const diagnostic of own.sorted()) if (!HANDLER_ONLY.has(diagnostic.code)) bag.report(diagnostic)
  return node === undefined || own.hasErrors ? undefined : node
}

/** Collects literal `definition` values and notes values computed at run time. */
class Finder {
  readonly references: Reference[] = []
  dynamic = false

  statement(statement: StatementNode): void {
    switch (statement.kind) {
      case 'request':
      case 'proxy-request':
        if (statement.template !== null) this.template(statement.template, statement.dir, false)
        return
      case 'requests':
        if (statement.template === null) this.dynamic = true
        else this.template(statement.template, statement.dir, true)
        return
      default:
        return
    }
  }

  template(template: TemplateNode, dir: string, several: boolean): void {
    if (template.isStatic) {
      const value = template.staticJson
      const loc = template.body[0]?.loc ?? template.loc
      const configs = several && value instanceof JsonObject ? value.values : [value]
      for (const config of configs) this.#option(config, dir, loc)
      return
    }
    this.#parts(template.body, dir)
  }

  handler(handler: HandlerNode | null): void {
    if (handler?.kind !== 'proxy') return
    const options = member(handler.config, 'options')
    const value = options === undefined ? undefined : member(options, 'definition')
    if (value === undefined) return
    if (value.kind === 'json' && typeof value.value === 'string')
      this.references.push({ value: value.value, dir: handler.dir, loc: handler.definitionLoc ?? handler.loc })
    else if (value.kind === 'env') this.dynamic = true
  }

  #option(config: JsonValue | undefined, dir: string, loc: Loc): void {
    const options = config instanceof JsonObject ? config.get('options') : undefined
    const value = options instanceof JsonObject ? options.get('definition') : undefined
    if (typeof value === 'string') this.references.push({ value, dir, loc })
  }

  /** Literal values in the text of a dynamic template; a value written as a command is dynamic. */
  #parts(parts: readonly TemplatePart[], dir: string): void {
    const found = templateDefinitions(parts)
    for (const { value, loc } of found.literals) this.references.push({ value, dir, loc })
    if (found.dynamic) this.dynamic = true
  }
}

function member(value: ProxyValueNode, name: string): ProxyValueNode | undefined {
  if (value.kind === 'object') return value.members.find(([key]) => key === name)?.[1]
  if (value.kind === 'json' && value.value !== null && typeof value.value === 'object' && !Array.isArray(value.value)) {
    const plain = (value.value as { readonly [key: string]: unknown })[name]
    return plain === undefined ? undefined : { kind: 'json', value: plain as never }
  }
  return undefined
}

const SWAGGER_KEY = /^["']?swagger["']?\s*:/m

/**
 * Site files (CL2 rules: no output folder, also none of an earlier build, no `node_modules` or dot
 * entries) that look like Swagger definitions, besides the gateway's own.
 */
function candidateFiles(definition: DefinitionNode, outDir: string | undefined): string[] {
  const out: string[] = []
  const skip = outDir === undefined ? null : resolve(outDir)
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        // an output folder of an earlier build (CL2) holds copies of the site
        if (path !== skip && !(existsSync(join(path, 'build.json')) && existsSync(join(path, 'server.mjs'))))
          visit(path)
      } else if (
        entry.isFile() &&
        ['.yaml', '.yml', '.json'].includes(extname(entry.name).toLowerCase()) &&
        path !== definition.file.path
      ) {
        const text = readFileSync(path, 'utf8')
        if (SWAGGER_KEY.test(text) || /"swagger"\s*:/.test(text.slice(0, 4096)))
          out.push(relative(definition.siteRoot, path).split(sep).join('/'))
      }
    }
  }
  visit(definition.siteRoot)
  return out.sort()
}
