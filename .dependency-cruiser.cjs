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
 * - `http` holds the HTTP utilities many areas share (cookies, forms, multipart, media types, body
 *   rendering, response writing, the process configuration), so no feature reaches into `server/`.
 * - `oxn` is the node view of values that XPath and templates read.
 * - `context` is the per-request `FlowContext`, the flow function and handler types, and the narrow
 *   interfaces of the services that higher layers implement: everything above takes a context,
 *   nothing below needs one.
 * - `xpath` < `template` < `flow`: templates embed expressions, actions run both.
 * - `router` matches routes to the handlers `context` declares.
 * - the features (`mock` < `validate` < `upstream`, and `cors`, `auth`, `debug`, `xslt`, `metrics`)
 *   each run inside a request and use the layers below.
 * - `health` (operations endpoints and switches) < `server` (the request pipeline PL1-PL17 calling
 *   the features) < `cluster`, `testing` (which start gateways) < `app.ts`, `index.ts`.
 *
 * Why compiler/ is in this order (the pipeline of docs/architecture.md):
 * - `package-root`, `diagnostics`, `ir` (types only) are what every stage shares.
 * - the parsers `xpath` < `template` < `definition` < `xslt` < `flow` turn text into IR and never
 *   import `emit`; `validate` (checks) and `security` read IR.
 * - `emit` sees only the IR: it imports no parser, no check and no driver.
 * - `upstream` (further definitions) and `output` drive stages; `index.ts` is `compile()`;
 *   `serve`, `testing` and `cli` run it.
 */

/** runtime/ folders (or top-level files), lowest first; the folders of one inner list are peers. */
const RUNTIME_LAYERS = [
  ['values'],
  ['log'],
  ['errors'],
  ['http'],
  ['oxn'],
  ['context'],
  ['xpath'],
  ['template'],
  ['flow'],
  ['router'],
  ['mock'],
  ['validate'],
  ['upstream', 'cors', 'auth', 'debug', 'xslt', 'metrics'],
  ['health'],
  ['server'],
  ['cluster', 'testing'],
  ['app.ts'],
  ['index.ts'],
]

/** compiler/ folders (or top-level files), lowest first; the folders of one inner list are peers. */
const COMPILER_LAYERS = [
  ['package-root.ts'],
  ['diagnostics'],
  ['ir'],
  ['xpath'],
  ['template'],
  ['definition'],
  ['xslt'],
  ['flow'],
  ['validate', 'security', 'schemas'],
  ['emit'],
  ['upstream', 'output'],
  ['index.ts'],
  ['serve'],
  ['testing'],
  ['cli'],
]

/** The compiler's parsers: they never import `emit`, and `emit` never imports them. */
const COMPILER_PARSERS = ['xpath', 'template', 'definition', 'xslt', 'flow']

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
