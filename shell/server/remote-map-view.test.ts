// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { remoteMapSchema, sliceVersion } from '@nova/contracts/remote-map';
import { remoteMapView } from './remote-map-view.mjs';

const sliceOrigins = ['http://localhost:4174', 'http://localhost:4175', 'http://localhost:4176'];
const environment = { sliceOrigins };
const releasing = (released: Record<string, { url: string; version: string }>) => ({
  schema: remoteMapSchema,
  microFrontends: Object.fromEntries(Object.entries(released).map(([slice, entry]) => [slice, [sliceVersion(entry)]])),
});
const marketing = { url: 'http://localhost:4174/1.0.0-aaaa/mf-manifest.json', version: '1.0.0-aaaa' };

/** The view of a map that must be usable as a whole. */
const viewOf = (json: unknown) => {
  const checked = remoteMapView(json, environment);
  if ('unusable' in checked) throw new Error(checked.unusable);
  return checked.view;
};

describe("a revision's view", () => {
  it.each(['..', '.', '../../victim', 'a/b'])(
    'refuses a released version named %j: only its slice fails',
    (version) => {
      const view = viewOf(
        releasing({ marketing, legal: { url: `http://localhost:4176/${version}/mf-manifest.json`, version } }),
      );
      expect(view.released).toEqual({ marketing });
      expect(view.problems.legal).toBe(
        'remotes.json has no released version of "legal" on a slice origin of this environment.',
      );
    },
  );
});
