// @ts-check
// Durations as a command line takes them: a whole number and a unit (`500ms`, `90s`, `10m`, `1h`, `90d`).

const unitMs = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration in milliseconds; anything else is an error naming the option.
 * @param {string} text
 * @param {string} option for the message (`--window`)
 */
export function parseDuration(text, option) {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  if (!match) throw new Error(`${option} takes a duration such as 90s, 10m or 500ms, not "${text}".`);
  return Number(match[1]) * unitMs[/** @type {keyof typeof unitMs} */ (match[2])];
}
