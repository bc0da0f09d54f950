// @ts-check
// How a Cookie header names one cookie, as regular expressions that JavaScript and nginx (PCRE)
// read alike: the composer reads its cookies with them and the edge's nginx maps are built from
// them (edge/nginx-config.mjs), so the two cannot disagree. A pair is what lies between
// semicolons; it names a cookie when its name, spaces aside, is the cookie's (names are
// case-sensitive, unlike nginx's `$cookie_…`).

/** A pair names `name`, whatever its value. */
export const pairNaming = (/** @type {string} */ name) => `(?:^|;)[ \\t]*${name}[ \\t]*=`;

/**
 * A pair names `name` with a value `value` matches, written as it is given (group 1 is the value).
 * @param {string} name
 * @param {string} value a pattern
 */
export const pairWithValue = (name, value) => `(?:^|;)[ \\t]*${name}=(${value})[ \\t]*(?:;|$)`;
