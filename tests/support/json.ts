/**
 * Where `value` holds what a JSON round trip would not give back as it is: a date, a map, a number JSON
 * cannot write, a hole in a list. A property left undefined is fine: it is as missing on both sides.
 * For props that go to the browser as a JSON data block rather than as an island's own props.
 */
export function notJson(value: unknown, at = ''): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => (item === undefined ? [`${at}[${i}]`] : notJson(item, `${at}[${i}]`)));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : notJson(item, `${at}.${key}`)));
  }
  return [at];
}
