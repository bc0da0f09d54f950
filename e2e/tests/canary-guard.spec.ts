import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { canaryVersion } from '@nova/contracts/traffic';
import { readRemoteMap } from '@nova/deploy/deployment-root';
import { expect, publishedVersion, test } from '../support/deployments.ts';
import { untilServerHtmlHydrated } from '../support/fixtures.ts';
import { brokenLegalBuild, canaryFault } from '../support/legal-team.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { runningSlice, sliceCli } from '../support/slice-cli.ts';
import { visitorOf, type Visitor } from '../support/visitor.ts';

// A guarded canary that breaks in visitors' browsers: the guard reads the field signals the
// composer counts and rolls it back by itself, while the released version's visitors see nothing wrong.

test('a guarded canary that throws while rendering is rolled back within its window', async ({ browser, deploy }) => {
  test.setTimeout(240_000);
  const environment = await deploy.environment();
  const build = brokenLegalBuild();
  const terms = `${environment.url}/terms-and-conditions`;
  const hit = await visitorOf(browser, environment.url, 10);
  const spared = await visitorOf(browser, environment.url, 90);
  // Every visitor of this test is this machine: one client (the guard's own test shows the minimum).
  const guardArgs = [
    '--window',
    '3m',
    '--interval',
    '1s',
    '--min-views',
    '5',
    '--min-failures',
    '3',
    '--min-clients',
    '1',
  ];
  try {
    const canary = publishedVersion(environment.slice('publish', 'legal', '--dist', build.folder))!;
    const guard = runningSlice([
      ...['release', 'legal', canary, '--traffic', '50', '--guard', ...guardArgs],
      ...['--metrics', environment.metrics, '--root', environment.root],
    ]);
    const { exited } = guard;
    let done = false;
    void exited.then(() => (done = true));
    try {
      await expect.poll(guard.printed).toContain('Watching');
      const composedFor = async (visitor: Visitor) =>
        dataBlockOf(await (await visitor.page.request.get(terms)).text())?.versions?.legal;
      await expect.poll(() => composedFor(hit), { message: 'the composer has read the map' }).toBe(canary);

      // Visitors come and go, on either version, until the guard decides.
      for (let visit = 0; visit < 20 && !done; visit += 1) {
        const response = await hit.page.goto(terms);
        // The guard may have rolled back since the last look: then this page is the released one.
        if (dataBlockOf((await response?.text()) ?? '')?.versions?.legal !== canary) break;
        await expect(hit.page.getByRole('alert')).toContainText('This section is unavailable right now');
        await hit.page.goto('about:blank');
        await spared.page.goto(terms);
        await untilServerHtmlHydrated(spared.page);
        await expect(spared.page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
          'Terms and Conditions',
        );
        await spared.page.goto('about:blank');
      }
      expect(await exited, guard.printed()).toBe(1);
    } finally {
      guard.stop();
    }

    expect(guard.printed()).toContain(`legal ${canary} rolled back`);
    // Both versions were watched: the released one's views were counted, without failures.
    expect(guard.printed()).toMatch(/against 0\.0 % for /);
    expect(hit.errors.join('\n')).toContain(canaryFault);
    expect(spared.errors, "the released version's visitor").toEqual([]);
    // The team's view of it: each version's views and failure rate, from the same metrics (run
    // beside this process, which serves them).
    const { stdout: status } = await promisify(execFile)(process.execPath, [
      sliceCli,
      ...['status', 'legal', '--metrics', environment.metrics, '--root', environment.root],
    ]);
    expect(status).toMatch(new RegExp(`${canary}.*100\\.0 %`));
    expect(canaryVersion(readRemoteMap(environment.root).microFrontends.legal ?? [])).toBeUndefined();
    // The visitors the canary failed get the released version again.
    await hit.page.goto(terms);
    await expect(hit.page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Terms and Conditions');
  } finally {
    await Promise.all([hit.close(), spared.close()]);
    build.remove();
  }
});
