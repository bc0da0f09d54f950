// @ts-check
// The signing key, from the composer's primary to its workers over the cluster's IPC channel, never
// through the environment: a worker holds it in memory only, so nothing it starts, and nothing that
// reads /proc/<worker>/environ, gets it. A worker asks once it listens for the answer (a message
// sent before would be lost), and the primary answers each worker that asks.

/** The messages a worker and the primary exchange about the key. */
const asked = 'nova:signing-key-request';
const answered = 'nova:signing-key';

/**
 * In the primary: gives the key to each worker that asks for it.
 * @param {string} key
 * @param {Pick<import('node:cluster').Cluster, 'on'>} workers node:cluster (the primary's)
 */
export function answerSigningKeyRequests(key, workers) {
  workers.on('message', (worker, message) => {
    if (message?.type === asked && worker.isConnected()) worker.send({ type: answered, key });
  });
}

/**
 * In a worker: the key, asked of the primary.
 * @param {{ timeoutMs?: number, worker?: Pick<NodeJS.Process, 'on' | 'off' | 'send'> }} [options]
 * @returns {Promise<string>}
 */
export function signingKeyFromPrimary({ timeoutMs = 10_000, worker = process } = {}) {
  return new Promise((resolve, reject) => {
    const told = (/** @type {unknown} */ message) => {
      const answer = /** @type {{ type?: unknown, key?: unknown }} */ (message);
      if (answer?.type !== answered || typeof answer.key !== 'string') return;
      clearTimeout(timer);
      worker.off('message', told);
      resolve(answer.key);
    };
    const timer = setTimeout(() => {
      worker.off('message', told);
      reject(new Error('The primary did not give this worker the signing key.'));
    }, timeoutMs);
    worker.on('message', told);
    worker.send?.({ type: asked });
  });
}
