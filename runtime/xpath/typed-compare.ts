/**
 * XP-CMP-7: comparisons of typed atomic values (dates, times, durations, QNames, binary values) as
 * they reach JavaScript: date and time values as instants (the engine hands them over as `Date`
 * objects, xpath-functions.md section 12; time values on the engine's reference day 1972-12-31,
 * values without a time zone in UTC, XP-CTX-3), durations as months and seconds, anything else by its
 * string value. A string compared with a typed value is cast to that type first; a failed cast
 * compares false. Values of different kinds are incomparable (false for every operator).
 */
import type { EngineValue } from '../values/item.js'

export type TypedValue =
  | { readonly kind: 'instant'; readonly time: number; readonly text: string; readonly typeName: string }
  | {
      readonly kind: 'duration'
      readonly months: number
      readonly seconds: number
      readonly text: string
      readonly typeName: string
    }
  | { readonly kind: 'other'; readonly text: string; readonly typeName: string }

export function typedValueOf(value: EngineValue): TypedValue {
  if (value.value instanceof Date)
    return { kind: 'instant', time: value.value.getTime(), text: value.stringValue, typeName: value.typeName }
  if (/duration/i.test(value.typeName)) {
    const parsed = parseDuration(value.stringValue)
    if (parsed) return { kind: 'duration', ...parsed, text: value.stringValue, typeName: value.typeName }
  }
  return { kind: 'other', text: value.stringValue, typeName: value.typeName }
}

/** The string `text` cast to the type of `like`, or undefined when the cast fails. */
export function parseTypedText(text: string, like: TypedValue): TypedValue | undefined {
  const trimmed = text.trim()
  switch (like.kind) {
    case 'instant': {
      const time = parseInstant(trimmed, like.typeName)
      return time === undefined ? undefined : { kind: 'instant', time, text: trimmed, typeName: like.typeName }
    }
    case 'duration': {
      const parsed = parseDuration(trimmed)
      return parsed ? { kind: 'duration', ...parsed, text: trimmed, typeName: like.typeName } : undefined
    }
    default:
      return { kind: 'other', text, typeName: like.typeName }
  }
}

/** -1, 0 or 1; NaN when the values are comparable for equality only and differ; null when incomparable. */
export function compareTyped(a: TypedValue, b: TypedValue): number | null {
  if (a.kind === 'instant' && b.kind === 'instant') return a.time < b.time ? -1 : a.time > b.time ? 1 : 0
  if (a.kind === 'duration' && b.kind === 'duration') {
    if (a.months === b.months && a.seconds === b.seconds) return 0
    if (a.months === 0 && b.months === 0) return a.seconds < b.seconds ? -1 : 1
    if (a.seconds === 0 && b.seconds === 0) return a.months < b.months ? -1 : 1
    return NaN
  }
  if (a.kind === 'other' && b.kind === 'other' && a.typeName === b.typeName) return a.text === b.text ? 0 : NaN
  return null
}

const DATE = /^(-?\d{4,})-(\d{2})-(\d{2})(Z|[+-]\d{2}:\d{2})?$/
const DATE_TIME = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:\d{2})?$/
const TIME = /^(\d{2}):(\d{2}):(\d{2}(?:\.\d+)?)(Z|[+-]\d{2}:\d{2})?$/

function zoneMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z') return 0
  const sign = zone[0] === '-' ? -1 : 1
  return sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)))
}

function instant(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
  seconds: number,
  zone: string | undefined,
): number {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hours, minutes, 0, 0)
  return date.getTime() + seconds * 1000 - zoneMinutes(zone) * 60_000
}

/** Epoch milliseconds of a date, dateTime or time literal (by the type, or by its form when unknown). */
function parseInstant(text: string, typeName: string): number | undefined {
  const wantDate = typeName === 'xs:date'
  const wantTime = typeName === 'xs:time'
  const wantDateTime = typeName === 'xs:dateTime'
  let m: RegExpExecArray | null
  if (!wantDate && !wantTime && (m = DATE_TIME.exec(text))) {
    return instant(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), m[7])
  }
  if (!wantTime && !wantDateTime && (m = DATE.exec(text)))
    return instant(Number(m[1]), Number(m[2]), Number(m[3]), 0, 0, 0, m[4])
  if (!wantDate && !wantDateTime && (m = TIME.exec(text)))
    return instant(1972, 12, 31, Number(m[1]), Number(m[2]), Number(m[3]), m[4])
  return undefined
}

const DURATION = /^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

function parseDuration(text: string): { months: number; seconds: number } | undefined {
  const m = DURATION.exec(text)
  if (!m || text === 'P' || text.endsWith('T')) return undefined
  const sign = m[1] ? -1 : 1
  const months = Number(m[2] ?? 0) * 12 + Number(m[3] ?? 0)
  const seconds = Number(m[4] ?? 0) * 86400 + Number(m[5] ?? 0) * 3600 + Number(m[6] ?? 0) * 60 + Number(m[7] ?? 0)
  return { months: sign * months || 0, seconds: sign * seconds || 0 }
}
