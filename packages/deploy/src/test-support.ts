import { sliceVersion, type SliceVersion } from '@nova/contracts/remote-map';

/** A published, unreleased version `number` (at the legal slice's origin), as publish lists it. */
export const listedVersion = (number: string): SliceVersion =>
  sliceVersion({
    url: `http://localhost:4176/${number}/mf-manifest.json`,
    version: number,
    integrity: `sha256-${number}`,
    released: false,
  });
