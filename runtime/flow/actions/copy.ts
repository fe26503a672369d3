/**
 * The `copy` action (actions.md ACT-copy-1, ACT-copy-2): the value at `in` is written to `out`
 * unchanged (files and content locations as content values, variables as their value). Missing input
 * is an RW and leaves `out` unchanged.
 */
import type { FlowContext } from '../../context/flow-context.js'
import type { Location, LocationText } from '../../context/location.js'
import { readLocation } from './read-location.js'
import { locationName, warnAction, type WritableLocation, writeLocation } from './write-location.js'

export function copy(ctx: FlowContext, at: string, input: Location | LocationText, output: WritableLocation): void {
  const value = readLocation(ctx, input, at, 'copy')
  if (value === undefined)
    return warnAction(ctx, at, 'copy', `${locationName(input)} is missing; ${locationName(output)} is left unchanged`)
  writeLocation(ctx, output, value)
}
