import { metricNames, metricsPath } from '@nova/contracts/field-signals';
import { canaryVersion } from '@nova/contracts/traffic';
import { readRemoteMap } from '@nova/deploy/deployment-root';
import { localSigningKey } from '@nova/signing/signing-key';
import { purposes, signer } from '@nova/signing/signing';
import { composerProcess, send, signalClient } from '../support/composer-process.ts';
import { expect, publishedVersion, test } from '../support/deployments.ts';
import { retitledLegalBuild } from '../support/legal-team.ts';
import { counted, scrape } from '../support/metrics.ts';
import { runningSlice } from '../support/slice-cli.ts';

// What anonymous clients can do to a release, against the composer as production runs it
// (shell/server/main.mjs, two processes) and the real guard: field signals count only with a token
// the composer issued, to the client that sends them, for the versions they are about, once; the
// guard needs a number of distinct clients; X-Forwarded-For counts only from a trusted proxy;
// /metrics is not on the public port.

test('forged batches cannot move the guard: the review attack on a healthy canary neither rolls it back nor promotes it', async ({
  request,
  deploy,
}) => {
  test.setTimeout(180_000);
  const environment = await deploy.environment();
  const composer = await composerProcess(environment.root);
  const build = retitledLegalBuild();
  try {
    const canary = publishedVersion(environment.slice('publish', 'legal', '--dist', build.folder))!;
    const guardRun = (...rule: string[]) =>
      runningSlice([
        ...['release', 'legal', canary, '--traffic', '50', '--guard', '--window', '6s', '--interval', '1s'],
        ...['--min-views', '5', '--min-failures', '3', ...rule],
        ...['--metrics', composer.metrics, '--root', environment.root],
      ]);
    const views = (count: number) =>
      Array.from({ length: count }, () => ({ slice: 'legal', version: canary, signal: 'view' }));
    const failures = (count: number) =>
      Array.from({ length: count }, () => ({ slice: 'legal', version: canary, signal: 'render' }));
    const attacker = signalClient(composer.origin, { bucket: 0 });
    const key = signer(localSigningKey(environment.root));

    // The attack with forged tokens, with a guard that needs a single client: nothing counts.
    const first = guardRun('--min-clients', '1');
    try {
      await expect.poll(first.printed).toContain('Watching');
      // A token used once on one clean page view of the canary, then again; one for the released
      // version (a visitor in bucket 99); one signed with the key but expired.
      const used = await attacker.token();
      expect((await attacker.batch({ token: used, signals: views(1) })).status).toBe(204);
      const released = await signalClient(composer.origin, { bucket: 99 }).token();
      const someoneElses = await signalClient(composer.origin, { from: '127.0.0.4', bucket: 0 }).token();
      const expired = key.sign(purposes.fieldSignals, { i: 'old', c: 'x', v: { legal: canary }, e: Date.now() - 1000 });
      const madeUp = `eyJpIjoibWFkZS11cCJ9.${'A'.repeat(43)}`;
      const forged = [undefined, madeUp, expired, used, released, someoneElses];
      const refused: string[] = [];
      // 12 batches of failures (8 views, 5 render errors each), then 5 of page views alone.
      for (let i = 0; i < 12; i += 1) {
        const token = forged[i % forged.length];
        refused.push(
          (await attacker.batch({ ...(token ? { token } : {}), signals: [...views(8), ...failures(5)] })).body,
        );
      }
      for (let i = 0; i < 5; i += 1)
        refused.push((await attacker.batch({ token: forged[i], signals: views(32) })).body);
      expect(new Set(refused)).toEqual(
        new Set([
          'Refused: no-token.',
          'Refused: invalid-token.',
          'Refused: expired-token.',
          'Refused: token-client.',
          'Refused: token-reused.',
          'Refused: token-versions.',
        ]),
      );
      expect(await first.exited, first.printed()).toBe(1);
    } finally {
      first.stop();
    }
    expect(first.printed()).toContain(
      `legal ${canary} stays the canary at 50 %: only 0 failures in 1 page view, fewer views than the 5 the rule needs to judge it.`,
    );
    expect(canaryVersion(readRemoteMap(environment.root).microFrontends.legal ?? [])?.metadata.version).toBe(canary);

    // The same attack with tokens the composer really issued, from one client: the signals count,
    // but one client is not enough for the guard (its default: 10).
    const second = guardRun();
    const oneClient = signalClient(composer.origin, { from: '127.0.0.5', bucket: 0 });
    try {
      await expect.poll(second.printed).toContain('Watching');
      for (let i = 0; i < 12; i += 1) {
        const answer = await oneClient.batch({
          token: await oneClient.token(),
          signals: [...views(8), ...failures(5)],
        });
        expect(answer.status, answer.body).toBe(204);
      }
      expect(await second.exited, second.printed()).toBe(1);
    } finally {
      second.stop();
    }
    expect(second.printed()).toContain(
      `legal ${canary} stays the canary at 50 %: 60 failures in 96 page views from only 1 client, fewer distinct clients than the 10 the rule needs to judge it.`,
    );
    expect(canaryVersion(readRemoteMap(environment.root).microFrontends.legal ?? [])?.metadata.version).toBe(canary);
    // The attacker's one clean page view, and the one client of the second attack.
    const { parsed } = await scrape(request, composer.metrics);
    expect(counted(parsed, metricNames.clients, { slice: 'legal', version: canary })).toBe(2);
  } finally {
    build.remove();
    await composer.stop();
  }
});

test('a token counts once across processes; X-Forwarded-For only from a trusted proxy; /metrics only on its own port', async ({
  request,
  deploy,
}) => {
  test.setTimeout(120_000);
  const environment = await deploy.environment();
  // The edge in front would be at 127.0.0.1; anyone else is at another address of the loopback.
  const composer = await composerProcess(environment.root, { TRUSTED_PROXIES: '127.0.0.1' });
  try {
    const legal = readRemoteMap(environment.root).microFrontends.legal!.find((entry) => entry.deployment.default)!
      .metadata.version;
    const view = { signals: [{ slice: 'legal', version: legal, signal: 'view' }] };
    const clients = async () =>
      counted((await scrape(request, composer.metrics)).parsed, metricNames.clients, {
        slice: 'legal',
        version: legal,
      });

    await test.step('one token, the same batch on six connections (both processes): taken once', async () => {
      const visitor = signalClient(composer.origin, { from: '127.0.0.3' });
      const token = await visitor.token();
      const answers = [];
      for (let i = 0; i < 6; i += 1) answers.push((await visitor.batch({ ...view, token })).body);
      expect(answers.filter((body) => body === '')).toHaveLength(1);
      expect(answers.filter((body) => body === 'Refused: token-reused.')).toHaveLength(5);
    });

    await test.step('an untrusted client that claims a new address each time is one client, under one limit', async () => {
      const before = await clients();
      const spoofer = signalClient(composer.origin, { from: '127.0.0.2' });
      const tokens = [];
      for (let i = 0; i < 24; i += 1) tokens.push(await spoofer.token());
      const answers = await Promise.all(
        tokens.map((token, i) => spoofer.batch({ ...view, token }, { forwardedFor: `198.51.100.${i}` })),
      );
      // Its burst of 20 batches (and one more a second), then too many: one limit whatever it claims.
      const statuses = answers.map(({ status }) => status);
      expect(statuses.filter((status) => status === 204).length).toBeLessThanOrEqual(21);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(3);
      expect(await clients()).toBe(before + 1);
    });

    await test.step('the clients a trusted proxy names are each a client, each under a limit of its own', async () => {
      const before = await clients();
      for (let i = 0; i < 5; i += 1) {
        const behindProxy = signalClient(composer.origin, { from: '127.0.0.1', forwardedFor: `203.0.113.${i}` });
        const answer = await behindProxy.batch({ ...view, token: await behindProxy.token() });
        expect(answer.status, answer.body).toBe(204);
      }
      expect(await clients()).toBe(before + 5);
    });

    await test.step('/metrics: 404 on the public port, 200 on its own, 200 scrapes at once with no warning', async () => {
      expect((await send(`${composer.origin}${metricsPath}`)).status).toBe(404);
      const scrapes = await Promise.all(Array.from({ length: 200 }, () => send(composer.metrics)));
      expect(new Set(scrapes.map(({ status }) => status))).toEqual(new Set([200]));
      expect(scrapes[0]?.body).toContain(metricNames.pageViews);
      expect(composer.output()).not.toContain('MaxListenersExceededWarning');
    });
  } finally {
    await composer.stop();
  }
});
