// @ts-check
// A page's fragment from a team's dev server (`slice dev`), rendered from its sources on each
// request: asked afresh every time (an edit shows in the next page's HTML), never kept, and never
// waited on longer than the fragment timeout. A dev server that is down or too slow leaves the
// slot to the browser, as for any slice that fails.
import { devFragmentPath } from '@nova/contracts/dev-override';
import { boundedText } from './bounded-body.mjs';

/** @typedef {import('./fragment-source.mjs').FragmentLookup} FragmentLookup */

/** The largest fragment taken in (as for a published one). */
const maxFragmentBytes = 1024 * 1024;

/**
 * @param {{ timeoutMs: number }} options
 * @returns {(origin: string, path: string, page: string) => Promise<FragmentLookup>}
 */
export function devFragmentSource({ timeoutMs }) {
  return async (origin, path, page) => {
    const url = new URL(devFragmentPath, origin);
    url.search = new URLSearchParams({ path, page }).toString();
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      if (response.status === 404) {
        await response.body?.cancel();
        return { kind: 'none' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'unavailable', reason: `${url.origin} answered ${response.status}` };
      }
      const body = await boundedText(response, maxFragmentBytes);
      if (body.over !== undefined) return { kind: 'none' };
      const fragment = JSON.parse(body.text);
      if (typeof fragment?.head !== 'string' || typeof fragment?.html !== 'string') return { kind: 'none' };
      return {
        kind: 'fragment',
        head: fragment.head,
        html: fragment.html,
        ...(fragment.notFound === true && { notFound: /** @type {const} */ (true) }),
      };
    } catch (error) {
      return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
    }
  };
}
