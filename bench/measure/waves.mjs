// @ts-check

/** @typedef {{ name: string, start: number, end: number }} TimedRequest */

/**
 * The request waves before a moment: the longest chain of requests, each started only after
 * the one before it had finished, among the requests that finished by then. A page that
 * fetches everything it needs at once has one wave after its document; one that discovers
 * each file in the last has as many waves as files.
 * @param {TimedRequest[]} requests
 * @param {number} until
 * @returns {TimedRequest[]} the chain, first request first
 */
export function longestRequestChain(requests, until) {
  const finished = requests.filter((request) => request.end <= until).sort((a, b) => a.start - b.start);
  /** @type {TimedRequest[][]} */
  const chains = [];
  for (const request of finished) {
    const before = chains.filter((chain) => /** @type {TimedRequest} */ (chain.at(-1)).end <= request.start);
    const longest = before.reduce((best, chain) => (chain.length > best.length ? chain : best), []);
    chains.push([...longest, request]);
  }
  return chains.reduce((best, chain) => (chain.length > best.length ? chain : best), []);
}
