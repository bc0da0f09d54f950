// @ts-check
// The durations a Server-Timing header names (`fragment;dur=1.2, render;dur=3.4`), in ms by name.

/**
 * @param {string | null | undefined} header
 * @returns {Record<string, number>}
 */
export function serverTimings(header) {
  /** @type {Record<string, number>} */
  const durations = {};
  for (const metric of (header ?? '').split(',')) {
    const [name = '', ...parameters] = metric.split(';').map((part) => part.trim());
    const duration = parameters.find((parameter) => parameter.startsWith('dur='));
    if (name && duration) durations[name] = Number(duration.slice('dur='.length));
  }
  return durations;
}
