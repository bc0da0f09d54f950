// @ts-check
// Whether an environment accepts development overrides (`slice dev`), and to which dev servers:
// OVERRIDES=allow turns them on (off unless set: production never has them by accident);
// OVERRIDE_ORIGINS names the dev servers' origins a browser may be pointed at (`loopback`, the
// default: a dev server on the visitor's own machine, as the composer sees it, any port).

/**
 * @typedef {object} OverrideSettings
 * @property {boolean} allowed whether an override link or cookie is honoured at all
 * @property {readonly string[]} origins the dev servers' origins allowed, `loopback` for any
 *   http origin on a loopback address
 */

/** The settings config.mjs reads, with what each means; docs/serving.md lists the same. */
export const overrideSettingNames = {
  OVERRIDES:
    '`allow`: a browser may see one slice from a dev server (`slice dev`), by a link signed with SIGNING_KEY; ' +
    '`off` (the default): override links and cookies are ignored',
  OVERRIDE_ORIGINS:
    'the dev servers an override may name, comma-separated origins or `loopback` (the default: http on ' +
    'localhost, 127.0.0.1 or [::1], any port)',
};

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * OVERRIDES and OVERRIDE_ORIGINS, read from the environment and checked.
 * @param {Record<string, string | undefined>} env
 * @returns {OverrideSettings}
 */
export function overrideSettings(env) {
  const switch_ = env.OVERRIDES || 'off';
  if (switch_ !== 'allow' && switch_ !== 'off') throw new Error(`OVERRIDES: "${switch_}" is neither allow nor off.`);
  const origins = (env.OVERRIDE_ORIGINS || undefined)
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return checkedOverrides({ allowed: switch_ === 'allow', origins });
}

/**
 * The override settings as a caller in this process gives them, checked (`loopback` unless
 * origins are given).
 * @param {{ allowed: boolean, origins?: readonly string[] }} settings
 * @returns {OverrideSettings}
 */
export function checkedOverrides({ allowed, origins = ['loopback'] }) {
  const checked = origins.map((item) => {
    if (item === 'loopback') return item;
    const url = URL.parse(item);
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, ''))
      throw new Error(`OVERRIDE_ORIGINS: "${item}" is neither an http(s) origin nor loopback.`);
    return url.origin;
  });
  return { allowed, origins: checked };
}

/**
 * Whether an override may point a browser at `origin`: named in the settings, or (`loopback`) an
 * http origin on a loopback address.
 * @param {string} origin
 * @param {readonly string[]} allowed
 */
export function overrideOriginAllowed(origin, allowed) {
  const url = URL.parse(origin);
  if (!url || url.origin !== origin || !/^https?:$/.test(url.protocol)) return false;
  return allowed.some(
    (entry) =>
      entry === origin || (entry === 'loopback' && url.protocol === 'http:' && loopbackHosts.has(url.hostname)),
  );
}
