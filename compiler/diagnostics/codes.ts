/**
 * Diagnostic codes are `area/what-is-wrong`, stable across releases (the wording of messages may
 * change). Areas follow the compiler stages.
 */
export type DiagnosticArea =
  | 'project' // loading files, site root, output
  | 'definition' // Swagger document structure, extensions (definition.md D*, CC*)
  | 'path' // path patterns and routing (P*, CC4-CC6)
  | 'flow' // flow documents and actions (flows.md F-*, actions.md)
  | 'xpath' // expressions (xpath-functions.md XC-*)
  | 'template' // JSON templates (templates.md T-ERR-*)
  | 'upstream' // upstream request configurations and x-svc-proxy (upstream.md UP-*, definition.md PX*)
  | 'xslt' // stylesheets of the xslt action (actions.md ACT-xslt-1, ACT-xslt-5)
  | 'security'
  | 'schema'

export type DiagnosticCode = `${DiagnosticArea}/${string}`
