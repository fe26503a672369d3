/**
 * The editor schemas by name, as `svc-compile --print-schema <name>` prints them and as the package
 * ships them under schemas/ (a unit test keeps the shipped files equal to the generated text).
 */
import { definitionSchema } from './definition-schema.js'
import { flowSchema } from './flow-schema.js'

export const SCHEMA_KINDS = ['definition', 'flow'] as const
export type SchemaKind = (typeof SCHEMA_KINDS)[number]

/** Where the package ships each schema, relative to the package root. */
export const SCHEMA_FILES: Readonly<Record<SchemaKind, string>> = {
  definition: 'schemas/definition.schema.json',
  flow: 'schemas/flow.xsd',
}

const GENERATORS: Readonly<Record<SchemaKind, () => string>> = { definition: definitionSchema, flow: flowSchema }

export function isSchemaKind(name: string): name is SchemaKind {
  return (SCHEMA_KINDS as readonly string[]).includes(name)
}

/** The schema's text; undefined for an unknown name. */
export function schemaText(name: string): string | undefined {
  return isSchemaKind(name) ? GENERATORS[name]() : undefined
}
