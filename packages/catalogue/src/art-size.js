// @ts-check
// Plain JavaScript: scripts/render-art.mjs (Node) reads it as it is, to render this size.

/** Pixel size of every game's art, 16:9: rendered at this size, and the size each img reserves. */
export const gameArtSize = /** @type {const} */ ({ width: 800, height: 450 });

/** The art is also rendered this wide (art/{id}-480.webp), for cards no wider than this at 1×. */
export const gameArtSmallWidth = 480;
