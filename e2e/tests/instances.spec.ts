import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { remoteMapFile } from '@nova/deploy/environment';
import { expect, test, publishedVersion } from '../support/deployments.ts';
import { serverRenderOf } from '../support/server-render.ts';
import { repoRoot } from '../support/site.ts';

/** The slice CLI, run beside this process: the discovery service it talks to lives in this process. */
const slice = async (...args: string[]) =>
  (await promisify(execFile)('node', [join(repoRoot, 'packages/deploy/src/cli.js'), ...args])).stdout;

/** The entry of legal a composed page names (its data block). */
const legalEntryOf = (html: string) => serverRenderOf(html)?.remotes.legal;

test('instances reading the map from a discovery service agree within a second of a release', async ({
  request,
  deploy,
}) => {
  test.setTimeout(120_000);
  const environment = await deploy.environment();
  const mapUrl = await deploy.discovery(remoteMapFile(environment.root));
  const sliceOrigins = Object.values(
    JSON.parse((await (await request.get(mapUrl)).text()) as string).microFrontends as Record<
      string,
      { url: string }[]
    >,
  ).map((versions) => new URL(versions[0]!.url).origin);
  const instances = [await deploy.composer(mapUrl, sliceOrigins), await deploy.composer(mapUrl, sliceOrigins)];
  const servedLegal = async (instance: string) =>
    legalEntryOf(await (await request.get(`${instance}/terms-and-conditions`)).text());
  const before = await servedLegal(instances[0]!);
  expect(await servedLegal(instances[1]!)).toBe(before);

  // Another build of legal (one more file, so another version), published and released through the URL.
  const build = deploy.copyOfBuild('legal');
  writeFileSync(join(build, 'release-note.txt'), 'Another build of legal.');
  const root = ['--root', environment.root, '--map', mapUrl];
  const version = publishedVersion(await slice('publish', 'legal', '--dist', build, ...root));
  expect(version).toBeDefined();
  await slice('release', 'legal', version!, ...root);
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
