// @ts-check
// A service's or a tool's settings, read from their text (the environment, a command line) or
// given as values by a caller, each checked with one message style that names the setting as the
// user writes it: `<NAME>: "<value>" is not <what>.` (`PORT: "http" is not a port.`).

/**
 * The words a range adds to "a whole number": none for any, `of at least 1`, `from 1 to 99`.
 * @param {number} min
 * @param {number} max
 */
const rangeWords = (min, max) => {
  if (max === Number.MAX_SAFE_INTEGER) return min === 0 ? '' : ` of at least ${min}`;
  return ` from ${min} to ${max}`;
};

/**
 * A whole number: a setting's text (digits, spaces around them aside) or a caller's number;
 * undefined when unset or ''.
 * @param {string} name the setting as the user writes it (`PAGE_CACHE_MB`, `--limit`)
 * @param {string | number | undefined} value
 * @param {{ min?: number, max?: number, note?: string }} [range] the numbers it may be (0 and up
 *   unless said), and a note on what one outside would break, said after the range
 * @returns {number | undefined}
 */
export function wholeNumber(name, value, { min = 0, max = Number.MAX_SAFE_INTEGER, note } = {}) {
  if (value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min || number > max)
    throw new Error(`${name}: "${value}" is not a whole number${rangeWords(min, max)}${note ? ` (${note})` : ''}.`);
  return number;
}

/**
 * A port to listen on or connect to: a whole number up to 65535, from 0 (any free port) unless
 * `min` says otherwise; undefined when unset or ''.
 * @param {string} name
 * @param {string | number | undefined} value
 * @param {{ min?: number }} [options]
 * @returns {number | undefined}
 */
export function portNumber(name, value, { min = 0 } = {}) {
  try {
    return wholeNumber(name, value, { min, max: 65535 });
  } catch {
    throw new Error(`${name}: "${value}" is not a port${min === 0 ? '' : ` from ${min} to 65535`}.`);
  }
}

/**
 * A comma-separated setting's items, each trimmed, empty ones dropped (none when unset).
 * @param {string | undefined} value
 * @returns {string[]}
 */
export const commaList = (value) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * An http(s) URL's origin (scheme, host and port: a path is dropped); any other scheme, or no
 * URL, is refused.
 * @param {string} name
 * @param {string} value
 * @returns {string}
 */
export function httpOrigin(name, value) {
  const url = URL.parse(value);
  if (!url || !/^https?:$/.test(url.protocol)) throw new Error(`${name}: "${value}" is not an http(s) URL.`);
  return url.origin;
}

/**
 * `<slice>=<value>` pairs, comma-separated (`games=/games/*,legal=/privacy-policy`): each slice's
 * values in the order given, a slice named once for each (the same pair twice counts once). Each
 * slice must be one of `slices` (a list: this site's), or a name `slices` matches (a pattern: any
 * slice an environment may have); `read` checks a value and gives what to keep, or throws naming
 * `where` (the setting and the slice). Unset or '': none.
 * @param {string} name the setting, for messages
 * @param {string | undefined} value
 * @param {{ slices: readonly string[] | RegExp, kind: string, example: (slice: string) => string,
 *   read: (value: string, where: string) => string }} how kind: what a value is (`origin`),
 *   example: a pair of one slice
 * @returns {Record<string, string[]>}
 */
export function slicePairs(name, value, { slices, kind, example, read }) {
  const first = slices instanceof RegExp ? 'legal' : (slices[0] ?? 'legal');
  /** @type {Record<string, string[]>} */
  const pairs = {};
  for (const pair of commaList(value)) {
    const at = pair.indexOf('=');
    const slice = pair.slice(0, Math.max(at, 0)).trim();
    if (!slice) throw new Error(`${name}: "${pair}" is not <slice>=<${kind}> (e.g. ${example(first)}).`);
    if (slices instanceof RegExp ? !slices.test(slice) : !slices.includes(slice))
      throw new Error(
        slices instanceof RegExp
          ? `${name}: "${slice.slice(0, 40)}" is not a slice name (${slices.source}).`
          : `${name}: "${slice}" is not a slice of this site (${slices.join(', ')}).`,
      );
    const kept = read(pair.slice(at + 1).trim(), `${name} (${slice})`);
    const listed = Object.hasOwn(pairs, slice) ? /** @type {string[]} */ (pairs[slice]) : (pairs[slice] = []);
    if (!listed.includes(kept)) listed.push(kept);
  }
  return pairs;
}

/**
 * Which origins serve which slice, from `<slice>=<origin>` pairs, comma-separated
 * (`legal=https://legal.cdn.example,games=https://games.cdn.example`): a slice served from several
 * origins is named once for each (a failover list, in the order given; the same pair twice counts
 * once). Each slice must be one of `slices` (or, a pattern, a name it matches: see slicePairs);
 * each origin is checked as httpOrigin checks one, and its origin kept. Unset or '': none. Whether
 * every slice has one is the caller's to say.
 * @param {string} name
 * @param {string | undefined} value
 * @param {readonly string[] | RegExp} slices the slices a pair may name
 * @returns {Record<string, string[]>}
 */
export const originPairs = (name, value, slices) =>
  slicePairs(name, value, {
    slices,
    kind: 'origin',
    example: (slice) => `${slice}=https://${slice}.cdn.example`,
    read: (origin, where) => httpOrigin(where, origin),
  });

/**
 * The `<slice>=<origin>` pairs that say these origins: what originPairs reads back.
 * @param {Readonly<Record<string, readonly string[] | undefined>>} origins
 * @returns {string}
 */
export const originPairsText = (origins) =>
  Object.entries(origins)
    .flatMap(([slice, each]) => (each ?? []).map((origin) => `${slice}=${origin}`))
    .join(',');
