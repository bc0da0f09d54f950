// @ts-check
// The page answers of the current second. Between two releases a page answered from the page
// cache is the same answer for every request that asks for it the same way: the same target and
// method, the same Accept-Encoding and edge, no cookie (no bucket, no override) and no conditional
// header.
// Within one second (the answer's X-Accel-Expires and the year change only with it), for the same
// state of the map and of the page cache, such a request gets the answer already made, at once,
// without going through the pipeline again. Only answers everyone gets are kept: shared pages,
// no visitor's, no preview's.

import { edgeSecurityOf } from './answers.mjs';

/** @typedef {import('./request.mjs').RequestParts} RequestParts */
/** @typedef {import('./answers.mjs').PlainResponse} PlainResponse */
/** @typedef {{ map: unknown, pages: number }} AnswerState what an answer was made from: the map's state, the page cache's generation */

/** The most answers kept in one second: made-up addresses cannot make it hold more. */
const maxAnswers = 1024;

/** @param {{ now: () => number }} options */
export function answerMemo({ now }) {
  let second = -1;
  /** @type {Map<string, { method: string, encoding: string | null, edge: string | null, state: AnswerState, answer: PlainResponse }>} */
  const answers = new Map();

  /** Whether the request asks as everyone does: no cookie, no conditional header. */
  const asEveryone = (/** @type {RequestParts} */ request) =>
    request.headers.get('cookie') === null && request.headers.get('if-none-match') === null;

  /** The answers of this second (those of an earlier one are dropped). */
  const thisSecond = () => {
    const current = Math.floor(now() / 1000);
    if (current !== second) {
      answers.clear();
      second = current;
    }
    return answers;
  };

  return {
    /**
     * The answer already given this second to the same request, if it still stands.
     * @param {RequestParts} request
     * @param {() => AnswerState} state the map's state and the page cache's generation now
     * @returns {PlainResponse | undefined}
     */
    get(request, state) {
      if (!asEveryone(request)) return undefined;
      const given = thisSecond().get(request.url);
      if (
        !given ||
        given.method !== request.method ||
        given.encoding !== request.headers.get('accept-encoding') ||
        given.edge !== edgeSecurityOf(request)
      )
        return undefined;
      const now = state();
      return given.state.map === now.map && given.state.pages === now.pages ? given.answer : undefined;
    },
    /**
     * Keeps the answer to a request that asked as everyone does, for the rest of the second.
     * @param {RequestParts} request
     * @param {AnswerState} state what it was made from
     * @param {PlainResponse} answer
     */
    set(request, state, answer) {
      const kept = thisSecond();
      if (!asEveryone(request) || kept.size >= maxAnswers) return;
      kept.set(request.url, {
        method: request.method,
        encoding: request.headers.get('accept-encoding'),
        edge: edgeSecurityOf(request),
        state,
        answer,
      });
    },
  };
}
