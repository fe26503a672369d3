/**
 * The schema formats that are checked (validation.md VA27), shared by the compiler (which registers
 * them with ajv) and the generated validators (which call them as `SCHEMA_FORMATS[name]`). A format
 * constrains only values of its kind: the numeric ones carry `type: 'number'`, the others apply to
 * strings only. Formats not listed here (`binary`, `password`, custom names) are not checked; the
 * compiler drops them from the schemas it compiles.
 *
 * Decided: `date-time` is RFC 3339 `full-date "T" full-time` with `T` and `Z` in either case; the space
 * separator that RFC 3339 mentions as a possible alternative is not accepted.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js'

type FormatCheck = (value: string) => boolean
type NumberFormat = { readonly type: 'number'; readonly validate: (value: number) => boolean }
type StringFormat = RegExp | FormatCheck | { readonly validate: FormatCheck | RegExp }

function checkOf(format: StringFormat): FormatCheck {
  if (format instanceof RegExp) return (value) => format.test(value)
  if (typeof format === 'function') return format
  const inner = format.validate
  return inner instanceof RegExp ? (value) => inner.test(value) : inner
}

const fullDateTime = checkOf(fullFormats['date-time'] as StringFormat)

/** VA27 date-time: `T` (either case) between date and time, zone offset or `Z` required. */
function dateTime(value: string): boolean {
  const separator = value.charCodeAt(10)
  return (separator === 84 || separator === 116) && fullDateTime(value)
}

/** The checked formats by name (VA27). */
export const SCHEMA_FORMATS: Readonly<Record<string, StringFormat | NumberFormat>> = Object.freeze({
  int32: fullFormats.int32 as NumberFormat,
  int64: fullFormats.int64 as NumberFormat,
  float: fullFormats.float as NumberFormat,
  double: fullFormats.double as NumberFormat,
  byte: fullFormats.byte as StringFormat,
  date: fullFormats.date as StringFormat,
  'date-time': dateTime,
  email: fullFormats.email as StringFormat,
  hostname: fullFormats.hostname as StringFormat,
  ipv4: fullFormats.ipv4 as StringFormat,
  ipv6: fullFormats.ipv6 as StringFormat,
  uri: fullFormats.uri as StringFormat,
  uuid: fullFormats.uuid as StringFormat,
})

/** Whether `format` is one of the checked formats. */
export function isCheckedFormat(format: string): boolean {
  return Object.hasOwn(SCHEMA_FORMATS, format)
}
