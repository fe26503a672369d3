/**
 * The one table of diagnostic codes. Codes are `area/what-is-wrong`, stable across releases (the
 * wording of messages may change); areas follow the compiler stages. `DiagnosticCode` is the union
 * of the table's keys, so reporting a code that is not listed here is a type error. Each entry is
 * the short help text shown by machine formats (SARIF rule descriptions, operations.md CL4).
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

/** Every diagnostic code with a one-sentence description (lower case, no final period). */
export const DIAGNOSTIC_CODES = {
  'project/missing-file':
    'a file named by the definition (a key file, a credential list) does not exist or cannot be read',
  'project/missing-flow': 'a flow file named by x-svc-flow or another extension does not exist or cannot be read',
  'project/outside-site-root': 'a referenced file lies outside the project directory (the definition file’s folder)',
  'project/unreadable-file': 'an input file exists but cannot be read',

  'definition/conventional-default-flow':
    'the conventional default flow conf/flow.xml is used for requests outside basePath',
  'definition/default-flow-unused': 'x-svc-default-flow has no effect because every request is an API request',
  'definition/duplicate-key': 'a key occurs twice in the same YAML or JSON object',
  'definition/duplicate-parameter': 'two parameters of an operation have the same name and location',
  'definition/encoding': 'the definition file is not valid UTF-8',
  'definition/flow-and-proxy': 'x-svc-flow and x-svc-proxy are both given for the same handler',
  'definition/foreign-extension': 'an extension looks like a misspelled x-svc-* extension and is ignored',
  'definition/invalid-base-path': 'basePath is not an absolute path',
  'definition/invalid-extension-value': 'the value of an x-svc-* extension has the wrong shape or an unknown property',
  'definition/invalid-operation': 'an operation object has the wrong shape',
  'definition/invalid-parameter': 'a parameter object is incomplete or has invalid values',
  'definition/invalid-path-item': 'a path item is not an object',
  'definition/invalid-paths': 'paths is not an object',
  'definition/invalid-ref': 'a $ref is not a string or not a local JSON pointer',
  'definition/invalid-response': 'a response object has the wrong shape',
  'definition/invalid-response-key': 'a key of responses is neither a status code nor default',
  'definition/invalid-value': 'a definition value has the wrong type',
  'definition/misplaced-extension': 'an x-svc-* extension is used at a level where it is not recognised',
  'definition/missing-key': 'a required key is missing',
  'definition/no-handler': 'an operation or path has neither x-svc-flow nor x-svc-proxy',
  'definition/not-an-object': 'the definition document is not an object',
  'definition/numeric-swagger-version': 'swagger is the number 2.0 instead of the string "2.0"',
  'definition/ref-cycle': '$ref references form a cycle',
  'definition/swagger-version': 'the document is not a Swagger 2.0 definition',
  'definition/syntax': 'the YAML or JSON of the definition cannot be parsed',
  'definition/too-large': 'the definition document exceeds the size or nesting limits',
  'definition/unknown-extension': 'an x-svc-* extension name is not known',
  'definition/unknown-key': 'a top-level key of the definition is unknown and ignored',
  'definition/unknown-operation': 'a key of a path item is not an HTTP method or a known property',
  'definition/unknown-operation-key': 'a key of an operation is unknown and ignored',
  'definition/unknown-type': 'a type name is not one of the Swagger 2.0 types',
  'definition/unresolved-ref': 'a $ref points to nothing',

  'path/equivalent-patterns': 'two path patterns match the same requests',
  'path/invalid-pattern': 'a path pattern is malformed (template braces, characters, parameter names)',

  'flow/doctype': 'a flow file contains a DOCTYPE, which is not allowed',
  'flow/empty-expression': 'an attribute that takes an expression is empty',
  'flow/ignored-header': 'a response header is set by the gateway and the action ignores it',
  'flow/invalid-assertion': 'the body of <assert> is not a valid list of assertions',
  'flow/invalid-attribute': 'an attribute value is not one of the allowed values',
  'flow/invalid-content': 'an element contains children or text it does not allow',
  'flow/invalid-debug-topic': 'a <debug> topic or level is not known',
  'flow/invalid-error-property': 'an <error> sets a property that $error does not have or with a wrong value',
  'flow/invalid-header': 'a header name or value is invalid',
  'flow/invalid-location': 'a location (svc://…) is malformed or not allowed here',
  'flow/invalid-path': 'a file path is empty, absolute or leaves the project directory',
  'flow/invalid-regex': 'a regular expression of a regex action does not compile',
  'flow/redos-pattern':
    'the pattern of a regex action can take super-linear time by backtracking on some inputs (or could not be decided in time)',
  'flow/invalid-request-id': 'a request id is not a valid name',
  'flow/invalid-root': 'the root element is not <flow> (or <test> in test documents)',
  'flow/invalid-set-env': 'a <set-env> names a variable that flows may not set',
  'flow/invalid-status': 'a status code is not a number from 100 to 599',
  'flow/invalid-sub-flow': 'a sub-flow reference is invalid',
  'flow/invalid-template-output': 'a template cannot produce the output the action needs',
  'flow/invalid-template-src': 'a template src attribute is invalid',
  'flow/invalid-test-request': 'a <test-request> configuration is invalid',
  'flow/invalid-utf8': 'a flow file is not valid UTF-8',
  'flow/invalid-variable': 'a variable name is invalid or the variable may not be written',
  'flow/log-system-field': '<log> tries to set a field the access log owns',
  'flow/misplaced-else': '<elseif> or <else> does not follow an <if>',
  'flow/missing-attribute': 'a required attribute is missing',
  'flow/missing-file': 'a file an action reads does not exist at build time',
  'flow/missing-template': 'an action needs a template body or src and has none',
  'flow/namespace': 'XML namespaces are not allowed in flow files',
  'flow/read-only-location': 'the out of an action names a location that cannot be written',
  'flow/root-attribute': 'an attribute on the root element is ignored',
  'flow/sub-flow-not-found': 'a sub-flow file does not exist',
  'flow/template-body-and-src': 'an action has both a template body and a src attribute',
  'flow/test-action-outside-test': 'a test action is used outside a svc-test document',
  'flow/test-document-as-flow': 'a svc-test document is used as a flow',
  'flow/test-request-warning': 'a <test-request> configuration has a questionable setting',
  'flow/text-in-container': 'text appears directly inside an element that holds only actions',
  'flow/unbalanced-brace': 'a { or } in an attribute value template is not matched',
  'flow/unknown-action': 'an element is not a known action',
  'flow/unknown-attribute': 'an attribute is not known for this action and is ignored',
  'flow/unknown-setting': 'a <set-config> setting is not supported and is ignored',
  'flow/unsupported-encoding': 'the XML declaration names an encoding other than UTF-8',
  'flow/xml-syntax': 'the flow file is not well-formed XML',

  'xpath/file-not-found': 'a function reads a constant file name that does not exist',
  'xpath/invalid-json': 'a constant JSON argument is not valid JSON',
  'xpath/invalid-regex': 'a constant regular expression argument does not compile',
  'xpath/redos-pattern':
    'a constant regular expression argument can take super-linear time by backtracking on some inputs (or could not be decided in time)',
  'xpath/invalid-sort-key': 'a constant sort() key is not a valid expression',
  'xpath/not-implemented': 'a standard function is not implemented by the gateway',
  'xpath/not-supported': 'a function is not supported in this context',
  'xpath/syntax': 'an expression cannot be parsed',
  'xpath/unknown-algorithm': 'a constant algorithm name is not known to the function',
  'xpath/unknown-codec': 'a constant codec name is not known to the function',
  'xpath/unknown-function': 'a function name is not known',
  'xpath/unset-variable': 'a variable is read but never set',
  'xpath/wrong-arity': 'a function is called with the wrong number of arguments',

  'template/empty-expression': 'a template expression or command is empty',
  'template/file-not-found': 'a template file does not exist',
  'template/file-not-utf8': 'a template file is not valid UTF-8',
  'template/file-unreadable': 'a template file cannot be read',
  'template/invalid-assignment': 'a template variable assignment is malformed',
  'template/misplaced-coalesce': '"??" is used where it is not allowed',
  'template/misplaced-else': '{{else}} or {{elseif}} outside an {{if}} block',
  'template/missing-whitespace': 'a template command keyword is not followed by whitespace',
  'template/stray-end': '{{end}} without an open block',
  'template/unclosed-block': 'a template block is not closed with {{end}}',
  'template/unknown-command': 'a template command is not known',
  'template/unterminated': 'a template expression, string or command is not terminated',

  'upstream/config-warning': 'an upstream request configuration has a questionable setting',
  'upstream/duplicate-request-id': 'two requests of one <requests> have the same id',
  'upstream/empty-proxy': 'a proxy-request has nothing to forward to',
  'upstream/invalid-config': 'an upstream request configuration is invalid',
  'upstream/invalid-definition': 'an upstream definition reference is invalid',
  'upstream/invalid-method': 'an HTTP method is invalid',
  'upstream/invalid-proxy': 'x-svc-proxy has the wrong shape',
  'upstream/invalid-request-id': 'an upstream request id is not a valid name',
  'upstream/invalid-url': 'an upstream URL is invalid',
  'upstream/missing-definition': 'an upstream definition file does not exist',
  'upstream/missing-requests': '<requests> contains no request',
  'upstream/missing-url': 'an upstream request has no URL',
  'upstream/proxy-in-test': 'proxy-request is used in a test document',
  'upstream/unknown-pool': 'a request URL names a pool that x-svc-upstreams does not declare',

  'xslt/compiler-missing': 'the optional XSLT packages are not installed',
  'xslt/invalid-stylesheet': 'a stylesheet is empty or not XSLT',
  'xslt/refused-resource': 'a stylesheet loads a resource it may not load',
  'xslt/stylesheet-error': 'a stylesheet does not compile',
  'xslt/stylesheet-not-found': 'a stylesheet does not exist or leaves the project directory',

  'security/basic-scopes': 'a requirement lists scopes for a basic authentication scheme',
  'security/cors-wildcard-credentials': 'x-svc-cors allows any origin together with credentials',
  'security/hidden-file': 'a security file name starts with "." and is not copied to the output',
  'security/invalid-basicauth': 'x-svc-basicauth is incomplete or invalid',
  'security/invalid-cors': 'x-svc-cors is invalid',
  'security/invalid-file': 'a security file is empty or has invalid content',
  'security/invalid-jwt': 'x-svc-jwt is incomplete or invalid',
  'security/invalid-key': 'a JWT key does not fit its algorithm',
  'security/invalid-requirement': 'a security requirement has the wrong shape',
  'security/invalid-scheme': 'a security scheme is incomplete or invalid',
  'security/invalid-value': 'a security setting value is invalid',
  'security/invalid-value-source': 'a value source is neither a literal nor an object with one known kind',
  'security/invalid-variable': 'a variable named by a security setting is not a valid name',
  'security/not-enforced': 'a security scheme has no x-svc-jwt or x-svc-basicauth and always passes',
  'security/undefined-scheme': 'a requirement names a security scheme that is not defined',
  'security/weak-key': 'a JWT key is too short for its algorithm',

  'schema/invalid': 'a schema object is invalid',
  'schema/invalid-discriminator': 'a discriminator does not name a required string property',
  'schema/invalid-pattern': 'a schema pattern is not a valid regular expression',
  'schema/redos-pattern':
    'a schema pattern, run on client input, can take super-linear time by backtracking on some inputs (or could not be decided in time)',
  'schema/unknown-keyword': 'a schema or parameter keyword is unknown and ignored',
  'schema/unknown-type': 'a schema type is not known',
} as const satisfies Readonly<Record<`${DiagnosticArea}/${string}`, string>>

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES

/** The description of a code (operations.md CL4 machine formats). */
export function describeCode(code: DiagnosticCode): string {
  return DIAGNOSTIC_CODES[code]
}

/** Codes of one area, e.g. `AreaCode<'xpath'>` for checks that only report expression problems. */
export type AreaCode<A extends DiagnosticArea> = Extract<DiagnosticCode, `${A}/${string}`>
