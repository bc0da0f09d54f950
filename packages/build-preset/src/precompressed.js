// @ts-check
/**
 * The files every build also writes as `<file>.br` and `<file>.gz` (by extension): text, which
 * compresses. An origin sends one of those forms, by the client's Accept-Encoding; the edge's
 * file locations are made from this list (edge/nginx-config.mjs).
 */
export const precompressedExtensions = /** @type {const} */ (['html', 'css', 'js', 'mjs', 'json', 'svg']);

/** A file name with one of `precompressedExtensions`. */
export const precompressedFile = new RegExp(`\\.(?:${precompressedExtensions.join('|')})$`);
