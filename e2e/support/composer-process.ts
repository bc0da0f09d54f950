import { request as httpRequest } from 'node:http';
import { fieldSignalsPath, fieldSignalTokenPath } from '@nova/contracts/field-signals';
import { bucketCookie } from '@nova/contracts/traffic';
import { freePort } from '@nova/tooling/free-port';
import { composerSettings, startComposer } from '../../scripts/local-composer.mjs';

/**
 * The composer as production runs it (shell/server/main.mjs, two processes) on a
 * deployment root (`deploy.environment()`'s): its pages' origin, its /metrics, what it printed.
 */
export async function composerProcess(root: string, settings: Record<string, string> = {}) {
  const [port, metricsPort] = [await freePort('127.0.0.1'), await freePort('127.0.0.1')];
  const composer = await startComposer(
    {
      ...composerSettings({ deployments: root, port, metricsPort }),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: '2',
      ...settings,
    },
    { keepOutput: true },
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    metrics: `http://127.0.0.1:${metricsPort}/metrics`,
    output: composer.output,
    stop: composer.stop,
  };
}

export interface Sent {
  status: number;
  body: string;
}

/**
 * One request on a connection of its own (so that the cluster may give it to any process), from
 * a local address of the test's choosing (any of 127.0.0.0/8), with the headers given.
 */
export function send(
  url: string,
  {
    method = 'GET',
    from = '127.0.0.1',
    headers = {},
    body,
  }: { method?: string; from?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Sent>((resolve, reject) => {
    const request = httpRequest(
      url,
      { method, localAddress: from, headers: { Connection: 'close', ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A field-signal client as a page is one: it asks for a token, then sends a batch with it. */
export function signalClient(
  origin: string,
  { from = '127.0.0.1', forwardedFor, bucket }: { from?: string; forwardedFor?: string; bucket?: number } = {},
) {
  const headers = {
    ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}),
    ...(bucket === undefined ? {} : { Cookie: `${bucketCookie}=${bucket}` }),
  };
  return {
    async token() {
      const answer = await send(`${origin}${fieldSignalTokenPath}`, { from, headers });
      if (answer.status !== 200) throw new Error(`no token: ${answer.status} ${answer.body}`);
      return (JSON.parse(answer.body) as { token: string }).token;
    },
    batch: (batch: { token?: string; signals: unknown[] }, { forwardedFor: claimed = forwardedFor } = {}) =>
      send(`${origin}${fieldSignalsPath}`, {
        method: 'POST',
        from,
        headers: { 'Content-Type': 'application/json', ...(claimed ? { 'X-Forwarded-For': claimed } : {}) },
        body: JSON.stringify(batch),
      }),
  };
}
