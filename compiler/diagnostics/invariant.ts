/** Internal consistency checks: a failed invariant is a compiler bug, never a user diagnostic. */

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`internal error: ${message}`)
}

export function assertNever(value: never): never {
  throw new Error(`internal error: unexpected ${JSON.stringify((value as { kind?: unknown })?.kind ?? value)}`)
}
