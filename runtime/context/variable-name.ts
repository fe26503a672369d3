/**
 * Variable names (flows.md F-VAR-1): `$` then a letter or `_`, then letters, digits, `_` or `-`;
 * names whose part after `$` starts with `xml` (any case) are reserved. Shared by the compiler (`out`
 * attributes) and the run-time location parser (dynamic `$name` locations).
 */

export type VariableNameCheck = 'valid' | 'reserved' | 'invalid'

/** Classifies `$name` text (with its `$`). */
export function checkVariableName(text: string): VariableNameCheck {
  if (!/^\$[A-Za-z_][A-Za-z0-9_-]*$/.test(text)) return 'invalid'
  return /^xml/i.test(text.slice(1)) ? 'reserved' : 'valid'
}
