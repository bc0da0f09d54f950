// @vitest-environment node
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { discoveryClient } from './discovery-client.js';

describe("the discovery service's calls", () => {
  it('are addressed from an environment map of the service, on every instance', () => {
    const client = discoveryClient(
      [
        'http://a.example:4182/environments/staging/remotes.json',
        'https://b.example/discovery/environments/staging/remotes.json',
      ],
      {},
    );
    expect(client.environment).toBe('staging');
    expect(client.mapsOf('production')).toEqual([
      'http://a.example:4182/environments/production/remotes.json',
      'https://b.example/discovery/environments/production/remotes.json',
    ]);
    expect(() => client.mapsOf('../tokens')).toThrow('"../tokens" is not an environment\'s name.');
  });

  it('need a map of the service, and the CLI says so for a map file', async () => {
    expect(() => discoveryClient(['http://a.example/remotes.json'], {})).toThrow(
      'This needs the discovery service: --map <service>/environments/<env>/remotes.json, not http://a.example/remotes.json.',
    );
    const cli = join(import.meta.dirname, 'cli.js');
    const failed = await promisify(execFile)(process.execPath, [
      cli,
      'history',
      'legal',
      '--map',
      '/tmp/remotes.json',
    ]).catch((error) => error);
    expect([failed.code, failed.stderr]).toEqual([
      1,
      'slice history legal failed: This needs the discovery service: --map <service>/environments/<env>/remotes.json, not /tmp/remotes.json.\n',
    ]);
  });
});
