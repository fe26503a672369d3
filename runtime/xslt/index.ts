// runtime/xslt: the lazily loaded XSLT engine, compiled stylesheets, inputs and results (actions.md ACT-xslt).
export { xsltSetup, XSLT_ENGINE_FILE, type XsltSetup } from './setup.js'
export { XsltEngine, TransformError, type StylesheetSpec, type StylesheetDocumentSpec } from './engine.js'
export { xsltSourceText, type SourceText } from './input.js'
export { resultContent } from './result.js'
export * from './apply-xslt.js'
