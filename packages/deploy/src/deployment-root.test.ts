// @vitest-environment node
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { versionFolder } from './deployment-root.js';

describe('a deployment root', () => {
  it("puts a version's folder inside the root, and refuses any version that would lead out of it", () => {
    expect(versionFolder('deployments', 'legal', '1.0.0-a')).toBe(resolve('deployments', 'legal', '1.0.0-a'));
    expect(versionFolder('/srv/deployments/', 'legal', '1.0.0-a')).toBe(join('/srv/deployments/legal/1.0.0-a'));
    for (const version of ['../../victim', '..', '.', '/etc'])
      expect(() => versionFolder('/srv/deployments', 'legal', version)).toThrow('is not a version name');
    // Resolved, then compared: a path out of the root is refused whatever led there.
    expect(() => versionFolder('/srv/deployments', '../..', '1.0.0-a')).toThrow(
      '../.. 1.0.0-a would have its folder outside /srv/deployments: /1.0.0-a.',
    );
  });
});
