// runtime/xpath: compiled expressions and the fontoxpath tier (xpath-functions.md). Public exports are added here.
export {}
