// @ts-check
// One HTTP service behind one or several instances (the discovery service on several hosts), each
// named by the URL of the same resource (an environment's map). A request goes to the instance
// that answered last; when an instance cannot be reached, drops the request midway, times out or
// says it cannot serve (502, 503, 504), the same request goes to the next instance, round the list
// a few times with a pause between rounds. A write is retried only with an idempotency key, so a
// change an instance made just before it died is answered, not made twice (see url-map-store.js).
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';

/** @typedef {{ status: number, statusText: string, etag: string | undefined, text: string }} Answer */
/** @typedef {{ method?: string, headers?: Record<string, string>, body?: string }} RequestInit */

/** What an instance answers when it cannot serve now (another may). */
const unavailable = new Set([502, 503, 504]);

/**
 * One HTTP exchange. (`node:http` rather than `fetch`, which loads undici on first use: about
 * 0.1 s more for every CLI run, measured.)
 * @param {string} url
 * @param {RequestInit} init
 * @param {number} timeoutMs
 * @returns {Promise<Answer>}
 */
function exchange(url, { method = 'GET', headers = {}, body }, timeoutMs) {
  return new Promise((resolve, reject) => {
    const client = new URL(url).protocol === 'https:' ? https : http;
    const request = client.request(url, { method, headers, timeout: timeoutMs }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('close', () => response.complete || reject(new Error('the answer was cut off')));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          etag: response.headers.etag,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * A refusal's status and the start of its text, for messages (`403 Forbidden (token … may …)`).
 * @param {Answer} answer
 */
export const refusal = (answer) => {
  const text = answer.text.trim().slice(0, 300);
  return `${answer.status} ${answer.statusText}${text ? ` (${text})` : ''}`;
};

/**
 * @param {readonly string[]} urls the same resource on each instance
 * @param {{ timeoutMs?: number, rounds?: number, pause?: (round: number) => number }} [options]
 *   timeoutMs: how long one request may go without an answer; rounds: how many times the list is tried
 */
export function serviceInstances(urls, { timeoutMs = 10_000, rounds = 3, pause = (round) => 250 * 2 ** round } = {}) {
  if (urls.length === 0) throw new Error('Name at least one instance of the service.');
  let preferred = 0;
  return {
    urls,
    /**
     * Sends a request to the first instance that serves it; throws, listing each instance's
     * failure, when none does.
     * @param {string} target relative to each instance's URL (`''`: that URL; `history?slice=legal`)
     * @param {RequestInit} [init]
     */
    async request(target, init = {}) {
      /** @type {string[]} */
      const failures = [];
      for (let round = 0; round < rounds; round += 1) {
        if (round > 0) await sleep(pause(round));
        for (let step = 0; step < urls.length; step += 1) {
          const index = (preferred + step) % urls.length;
          const url = new URL(target, urls[index]).href;
          try {
            const answer = await exchange(url, init, timeoutMs);
            if (!unavailable.has(answer.status)) {
              preferred = index;
              return answer;
            }
            failures.push(`${url} answered ${refusal(answer)}`);
          } catch (error) {
            failures.push(`${url}: ${error instanceof Error ? error.message : error}`);
          }
        }
      }
      const method = init.method ?? 'GET';
      throw new Error(
        `${method} failed on every instance, ${rounds} times: ${failures.slice(-urls.length).join('; ')}`,
      );
    },
  };
}
