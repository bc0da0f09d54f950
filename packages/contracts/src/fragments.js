// @ts-check
// What a remote's build publishes in dist/fragments/, beside its remoteEntry.js, for a server that
// composes pages: one file per page and path, and a manifest. Plain JavaScript, so the builds and
// a Node server read it as it is.

/**
 * How every asset URL in a fragment starts. Only the server that places the fragment knows where
 * that version of the remote is deployed: it replaces the prefix with the URL of the folder that
 * holds its `remoteEntry.js`, without a trailing slash. That gives exactly the URL the browser
 * build computes (`new URL('<file>', import.meta.url)` from a chunk in `assets/`).
 */
export const remoteBasePlaceholder = '__NOVA_REMOTE_BASE__';

/**
 * One page rendered at one path (`dist/fragments/<Page>.json`, `<Page>/<parameters>.json`).
 * @typedef {object} Fragment
 * @property {string} head What React hoists out of the page for the document's head: its `<title>`, `<meta>` and image preloads.
 * @property {string} html The page's markup, each of Emotion's `<style data-emotion>` tags inline before what it styles.
 */

/**
 * `dist/fragments/manifest.json`.
 * @typedef {object} FragmentManifest
 * @property {string} remote the slice's name
 * @property {string} buildId The build of the JavaScript the fragments go with, as in its `mf-manifest.json`.
 * @property {Record<string, string>} fragments Each concrete path's fragment file, relative to the manifest.
 * @property {Record<string, string>} [notFound] By exposed page: the fragment file of what the page shows
 *   at any other address of its route (the address names nothing: the page is Not Found, 404).
 */
