/**
 * Checks one non-body parameter or declared header (validation.md VA10-VA14, VA23): presence and
 * `required`, conversion (VA11), then the constraints on the converted value (VA12) through the
 * parameter's generated validator. Repeated `query`/`formData` occurrences of a parameter that is not
 * `multi` are checked one by one (VA11); `allowEmptyValue: true` lets an empty value pass (VA13);
 * `type: file` is only checked for presence.
 */
import { type ConversionFailure, convertValue, rawTextAt } from './convert.js'
import type { ParameterPlan } from './plan.js'
import { type ErrorSite, reportSchemaErrors, typeName } from './schema-errors.js'
import { quote, violation, type ViolationLocation } from './violation.js'

/**
 * Appends the violations of `parameter` given its occurrences (empty when absent) to `out`.
 * `location` is the parameter's own, or `header` for response headers.
 */
export function checkParameter(
  parameter: ParameterPlan,
  occurrences: readonly string[],
  secret: boolean,
  out: string[],
  location: ViolationLocation = parameter.in,
): void {
  if (occurrences.length === 0) {
    if (parameter.required) out.push(violation('Required', location, parameter.name, 'the parameter is required'))
    return
  }
  if (parameter.type === 'file') return
  if (parameter.collectionFormat === 'multi' && parameter.type === 'array') {
    checkValue(parameter, occurrences, secret, out, location)
    return
  }
  for (const text of occurrences) checkValue(parameter, text, secret, out, location)
}

function checkValue(
  parameter: ParameterPlan,
  input: string | readonly string[],
  secret: boolean,
  out: string[],
  location: ViolationLocation,
): void {
  if (parameter.allowEmptyValue && (typeof input === 'string' ? input === '' : input.every((text) => text === '')))
    return
  const failures: ConversionFailure[] = []
  const format = parameter.collectionFormat === 'multi' ? 'csv' : parameter.collectionFormat
  const type = parameter.type === 'file' ? 'string' : parameter.type
  const converted = convertValue(input, type, format, parameter.items, location === 'header', failures)
  if (failures.length > 0) {
    for (const failure of failures)
      out.push(
        violation(
          'Type',
          location,
          parameter.name,
          `${quote(failure.failed, secret)} is not ${typeName(failure.type)}`,
        ),
      )
    return
  }
  const validate = parameter.validate
  if (validate === null || validate(converted.value)) return
  const site: ErrorSite = {
    location,
    name: () => parameter.name,
    valueText: (pointer) => rawTextAt(converted.raw, pointer),
    secret,
  }
  reportSchemaErrors(validate.errors ?? [], site, out)
}
