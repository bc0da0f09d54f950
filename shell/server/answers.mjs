// @ts-check
// What the composer takes in and gives back, and its plain answers. A request is the
// Web-standard parts of one (a Web `Request` has them; so does node-server.mjs's view of a Node
// request); an answer is a response for a runtime adapter to send, or a file of the shell's build.
import { bucketChoiceStatus } from '@nova/contracts/traffic';
import { bucketChoiceCaching, cachePolicy } from './page-policy.mjs';

/**
 * @typedef {{ method: string, url: string, headers: { get: (name: string) => string | null } }} RequestParts
 */
/**
 * An answer: a response (headers as a flat list of names and values), or a file of the shell's
 * build for the adapter to send with these headers (404 if there is none).
 * @typedef {{ status: number, headers: string[], body?: Buffer | string }} PlainResponse
 * @typedef {{ file: string, headers: string[] }} FileAnswer
 * @typedef {PlainResponse | FileAnswer} Answer
 */

/** Headers by name as the flat list an answer carries. */
export const flatHeaders = (/** @type {Record<string, string>} */ headers) => Object.entries(headers).flat();

/**
 * The answers that are not pages, each with the site's security headers.
 * @param {readonly string[]} security the security headers, flat
 * @param {{ bucketChoiceSeconds: number }} options how long an edge keeps its answer that a page depends on the bucket
 */
export function plainAnswers(security, { bucketChoiceSeconds }) {
  /** @returns {PlainResponse} */
  const plain = (
    /** @type {number} */ status,
    /** @type {string} */ text,
    { type = 'text/plain; charset=utf-8', cache = cachePolicy.revalidate, headers = /** @type {string[]} */ ([]) } = {},
  ) => ({ status, headers: [...security, 'Content-Type', type, 'Cache-Control', cache, ...headers], body: text });

  const bucketChoiceCache = bucketChoiceCaching(bucketChoiceSeconds);

  return {
    plain,
    /**
     * To an edge that gives buckets and asked without one: this answer depends on the bucket; ask
     * again with it. Kept by the edge `bucketChoiceSeconds` (`bucketChoiceCaching`).
     * @returns {PlainResponse}
     */
    bucketChoice: () => plain(bucketChoiceStatus, '', { cache: bucketChoiceCache, headers: ['Vary', 'Cookie'] }),
  };
}

/** @typedef {ReturnType<typeof plainAnswers>} PlainAnswers */
