/**
 * The layers of runtime/ and compiler/, checked by dependency-cruiser on every `npm test`
 * (`npm run deps` alone). Each list below is the one statement of an order, lowest first; the rules
 * are generated from it. A module imports only from its own folder or a lower layer, type-only
 * imports included (`tsPreCompilationDeps`), folders of one layer do not import each other, and no
 * import cycle is allowed at all.
 *
 * Why runtime/ is in this order:
 * - `values` (items, sequences, content, JSON values) is the data every other area passes around;
 *   `log` and `errors` only describe and report, so they sit on it alone.
 * - `oxn` is the node view of values that XPath, templates and body rendering read.
 * - `http` holds the HTTP utilities many areas share (cookies, forms, multipart, request targets,
 *   body rendering, response writing, the process configuration), so no feature reaches into
 *   `server/`; rendering a body renders OXN nodes, hence above `oxn`.
 * - `context` is the per-request `FlowContext`, `GatewayServices`, the flow function and handler
 *   types, and the narrow interfaces of what higher layers implement (`RequestDebugSession`,
 *   `TestRunHooks`); the services of higher layers join `GatewayServices` by augmenting it where they
 *   are made. Everything above takes a context; nothing below needs one.
 * - `debug` only needs the context; every area that runs flows writes debug messages.
 * - `xpath` < `template` < `flow`: templates embed expressions, actions run both.
 * - `router` matches routes to the handlers `context` declares.
 * - `store` (the gateway's connection to Redis, the fleet's shared state), `request-key` (keys
 *   read from a client request, the client address behind trusted proxies) and `tracing` (the
 *   OpenTelemetry tracer, whose spans the lower layers see only through `context/trace.ts`) serve
 *   the features and the pipeline.
 * - `mock` < `validate` < the features (`upstream`, `cors`, `auth`, `xslt`, `metrics`): upstream
 *   validation and mocking use both; each feature runs inside a request on the layers below.
 * - `app.ts` (CompiledApp) gathers the features' compiled tables; `health` (operations switches,
 *   metrics, status document) < `server` (the request pipeline PL1-PL17 calling every feature and
 *   answering the reserved endpoints) < `cluster`, `testing` (which start gateways) < `index.ts`.
 *
 * Why compiler/ is in this order (the pipeline of docs/architecture.md):
 * - `package-root.ts`, `project-files.ts` (where project files are read: the disk, or an editor's
 *   unsaved documents over it), `diagnostics`, `ir` (types, and the one builder of `VariableUses`) are
 *   what every stage shares.
 * - `redos` (the check of constant regular expressions for super-linear backtracking) is called by
 *   every parser that meets such a pattern: expressions, schemas of the definition, flow actions.
 * - the parsers `xpath` < `template` < `definition` < `xslt` < `flow` turn text into IR (templates
 *   embed expressions, the definition and flows embed both) and never import `emit`.
 * - `validate`, `security` and `schemas` check and analyse IR; `language` documents the flow language
 *   and the extensions for editors (one table feeding the editor schemas, the reference page and the
 *   language server) and reads the action registry and the extension table, so it sits above `flow`.
 * - `analysis` answers what the emitter asks of the IR and never writes code: what flows read,
 *   whether a template always writes JSON, what streams, which stages an operation needs, which
 *   security requirement applies, whether anything is validated.
 * - `emit` sees only the IR (and the analyses of IR above): it imports no parser and no check.
 * - `upstream` (further definitions, loaded like the definition) and `output` drive stages;
 *   `index.ts` is `compile()`; `serve`, `testing` and `cli` run it; `init` writes a new project's
 *   files (templates/init) for `svc-compile init`.
 * - `lsp` (the language server) is the top: it runs compile() on an editor's unsaved documents and
 *   reads the parsers' tables, the documentation table and svc-test's rule for finding a definition.
 * - the compiler reads runtime/ only through the modules COMPILER_READS_RUNTIME lists, and the
 *   runtime never imports the compiler.
 */

/** runtime/ folders (or top-level files), lowest first; the folders of one inner list are peers. */
const RUNTIME_LAYERS = [
  ['values'],
  ['log', 'errors'],
  ['oxn'],
  ['http'],
  ['context'],
  ['debug'],
  ['xpath'],
  ['template'],
  ['flow'],
  ['router'],
  ['mock'],
  ['validate'],
  ['store', 'request-key', 'tracing'],
  ['upstream', 'cors', 'auth', 'xslt', 'metrics', 'rate-limit'],
  ['app.ts'],
  ['health'],
  ['server'],
  ['cluster', 'testing'],
  ['index.ts'],
  ['surface.ts'],
]

/** compiler/ folders (or top-level files), lowest first; the folders of one inner list are peers. */
const COMPILER_LAYERS = [
  ['package-root.ts', 'project-files.ts'],
  ['diagnostics'],
  ['ir'],
  ['redos'],
  ['xpath'],
  ['template'],
  ['definition'],
  ['xslt'],
  ['flow'],
  ['validate', 'security', 'schemas', 'language'],
  ['analysis'],
  ['emit'],
  ['upstream', 'output'],
  ['index.ts'],
  ['serve'],
  ['testing', 'init'],
  ['cli'],
  ['lsp'],
]

/** The compiler's parsers: they never import `emit`, and `emit` never imports them. */
const COMPILER_PARSERS = ['xpath', 'template', 'definition', 'xslt', 'flow']

/**
 * The runtime modules the compiler reads: the tables and checks both sides share (style.md section 1:
 * such logic lives in runtime/), and for `serve` and `testing` the gateway itself. Any other runtime
 * import from compiler/ fails the check; widen this list deliberately, in review.
 */
const COMPILER_READS_RUNTIME = {
  '': ['app.ts', 'index.ts', 'surface.ts'],
  auth: ['algorithms.ts', 'credentials.ts', 'jwks-url.ts', 'key-material.ts', 'settings.ts'],
  context: ['completion.ts', 'handler.ts', 'location.ts', 'variable-name.ts'],
  cors: ['origin.ts', 'policy.ts'],
  debug: ['config.ts'],
  flow: [
    'actions/error.ts',
    'actions/header-fields.ts',
    'actions/json-members.ts',
    'actions/log.ts',
    'actions/mime.ts',
    'actions/regex-pattern.ts',
    'actions/status.ts',
  ],
  oxn: ['decoders/doctype.ts', 'index.ts', 'json-syntax-error.ts', 'json-type.ts', 'parse-json.ts'],
  template: ['compiled-template.ts'],
  testing: [
    'assertion-spec.ts',
    'env-overrides.ts',
    'set-env.ts',
    'test-request-config.ts',
    'test-request.ts',
    'test-run.ts',
  ],
  upstream: [
    'config-problems.ts',
    'options.ts',
    'pools/names.ts',
    'proxy-config.ts',
    'request-config.ts',
    'request-id.ts',
    'target-url.ts',
    'upstream-contract.ts',
    'upstream-definitions.ts',
  ],
  validate: ['formats.ts', 'plan.ts', 'schema-errors.ts'],
  values: ['json-value.ts'],
  // single modules rather than the index: loading the index loads the engine (builds stay fast)
  xpath: [
    'ast/free-variables.ts',
    'ast/parse.ts',
    'ast/print.ts',
    'ast/rewrite.ts',
    'ast/xqx-node.ts',
    'check-functions.ts',
    'functions/codecs.ts',
    'functions/jwt-algorithms.ts',
    'functions/regex.ts',
    'functions/signature-algorithms.ts',
    'functions/sort-key.ts',
    'index.ts',
    'registry.ts',
  ],
  xslt: ['setup.ts'],
}

const escape = (name) => name.replace(/[.]/g, '\\.')
/** A path pattern for the given entries (folder or file) of `root`. */
const under = (root, names) => `^${root}/(${names.map(escape).join('|')})(/|$)`

/** Rules for one ordered tree: nothing imports a higher layer or a peer, and every module is in a layer. */
function layerRules(root, layers) {
  const rules = []
  layers.forEach((layer, index) => {
    const higher = layers.slice(index + 1).flat()
    for (const name of layer) {
      const peers = layer.filter((other) => other !== name)
      const forbidden = [...higher, ...peers]
      if (forbidden.length === 0) continue
      rules.push({
        name: `${root}-layers: ${name}`,
        comment: `${root}/${name} may import only from lower layers of ${root}/ (.dependency-cruiser.cjs lists them)`,
        severity: 'error',
        from: { path: under(root, [name]) },
        to: { path: under(root, forbidden) },
      })
    }
  })
  rules.push({
    name: `${root}-layers: unlisted`,
    comment: `every folder of ${root}/ belongs to a layer: add it to the list in .dependency-cruiser.cjs`,
    severity: 'error',
    from: { path: `^${root}/`, pathNot: under(root, layers.flat()) },
    to: {},
  })
  return rules
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'no import cycle, type-only imports included',
      severity: 'error',
      from: { path: '^(runtime|compiler)/' },
      to: { circular: true },
    },
    {
      name: 'runtime-not-compiler',
      comment: 'the runtime ships inside server.mjs: it never imports the compiler',
      severity: 'error',
      from: { path: '^runtime/' },
      to: { path: '^compiler/' },
    },
    {
      name: 'compiler-reads-declared-runtime',
      comment: 'compiler/ imports only the runtime modules COMPILER_READS_RUNTIME in .dependency-cruiser.cjs declares',
      severity: 'error',
      from: { path: '^compiler/' },
      to: {
        path: '^runtime/',
        pathNot: Object.entries(COMPILER_READS_RUNTIME).map(
          ([folder, files]) => `^runtime/${folder === '' ? '' : `${escape(folder)}/`}(${files.map(escape).join('|')})$`,
        ),
      },
    },
    ...layerRules('runtime', RUNTIME_LAYERS),
    ...layerRules('compiler', COMPILER_LAYERS),
    {
      name: 'compiler-layers: emit sees only the IR',
      comment: 'compiler/emit imports no parser and no check: it reads the IR only',
      severity: 'error',
      from: { path: '^compiler/emit/' },
      to: { path: under('compiler', [...COMPILER_PARSERS, 'validate']) },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(runtime|compiler)/',
  },
}
