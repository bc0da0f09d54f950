import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { remoteMapFile } from '@nova/deploy/deployment-root';
import { publishedVersion, type Deployments } from '../support/deployments.ts';
import { expect, test, type Discovery } from '../support/discovery.ts';
import { dataBlockOf } from '../support/data-block.ts';
import { repoRoot, routes, titles } from '../support/site.ts';

/** The slice CLI as a team runs it, with its token in SLICE_TOKEN. */
const slice = async (token: string, ...args: string[]) =>
  (
    await promisify(execFile)(process.execPath, [join(repoRoot, 'packages/deploy/src/cli.js'), ...args], {
      env: { ...process.env, SLICE_TOKEN: token },
    })
  ).stdout;

/** The entry of legal a composed page names (its data block). */
const legalEntryOf = (html: string) => dataBlockOf(html)?.remotes.legal;

/**
 * An environment of its own (every slice published and released in a deployment root, each on its
 * own origin) moved onto the discovery service as `staging`; the map's URL, and the CLI's options
 * for it with a token of the legal team.
 */
async function environmentOnTheService(deploy: Deployments, discovery: Discovery) {
  const environment = await deploy.environment();
  const { origins } = JSON.parse(readFileSync(join(environment.root, 'environment.json'), 'utf8')) as {
    origins: Record<string, string>;
  };
  const mapUrl = await discovery.environment('staging', origins, remoteMapFile(environment.root));
  const legalToken = await discovery.token('legal', ['legal'], ['staging']);
  /** Another build of legal (one more file, so another version), published and released through the service. */
  const releaseLegal = async (note: string) => {
    const build = deploy.copyOfBuild('legal');
    writeFileSync(join(build, 'release-note.txt'), note);
    const where = ['--root', environment.root, '--map', mapUrl];
    const version = publishedVersion(await slice(legalToken, 'publish', 'legal', '--dist', build, ...where));
    expect(version).toBeDefined();
    await slice(legalToken, 'release', 'legal', version!, ...where);
    return version!;
  };
  return { mapUrl, releaseLegal };
}

test('instances reading the map from a discovery service agree within a second of a release', async ({
  request,
  deploy,
  discovery,
}) => {
  test.setTimeout(120_000);
  const { mapUrl, releaseLegal } = await environmentOnTheService(deploy, discovery);
  const instances = [await deploy.composer(mapUrl), await deploy.composer(mapUrl)];
  const servedLegal = async (instance: string) =>
    legalEntryOf(await (await request.get(`${instance}/terms-and-conditions`)).text());
  const before = await servedLegal(instances[0]!);
  expect(await servedLegal(instances[1]!)).toBe(before);

  const version = await releaseLegal('Another build of legal.');
  const released = Date.now();

  const agreedAfter = await Promise.all(
    instances.map(async (instance) => {
      while (!(await servedLegal(instance))?.includes(`/${version}/`)) {
        expect(Date.now() - released, `${instance} still serves ${before}`).toBeLessThan(5000);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return Date.now() - released;
    }),
  );
  console.log(`Both instances served the release after ${agreedAfter.join(' and ')} ms.`);
  expect(Math.max(...agreedAfter), 'every instance within a second of the release').toBeLessThanOrEqual(1100);
});

test("visitors of a composer reading the map from the service notice nothing of its database's restart", async ({
  request,
  page,
  deploy,
  discovery,
}) => {
  test.setTimeout(120_000);
  const { mapUrl, releaseLegal } = await environmentOnTheService(deploy, discovery);
  const composer = await deploy.composer(mapUrl);
  const legalBefore = legalEntryOf(await (await request.get(`${composer}/terms-and-conditions`)).text());
  expect(legalBefore).toBeDefined();

  await discovery.database.stop();
  expect((await request.get(mapUrl)).status(), 'the service answers, without its database').toBe(503);
  // The composer revalidates the map twice a second: the outage spans several of its reads.
  const outageEnds = Date.now() + 2000;
  let rounds = 0;
  while (Date.now() < outageEnds || rounds < 3) {
    for (const { path } of routes) {
      const response = await request.get(`${composer}${path}`);
      expect(response.status(), `${path} while the database is down`).toBe(200);
      if (path === '/terms-and-conditions') expect(legalEntryOf(await response.text())).toBe(legalBefore);
    }
    rounds += 1;
  }
  await page.goto(`${composer}/terms-and-conditions`);
  await expect(page).toHaveTitle(titles.terms);

  await discovery.database.start();
  const version = await releaseLegal('Released after the restart.');
  await expect
    .poll(async () => legalEntryOf(await (await request.get(`${composer}/terms-and-conditions`)).text()), {
      timeout: 5000,
    })
    .toContain(`/${version}/`);
});
