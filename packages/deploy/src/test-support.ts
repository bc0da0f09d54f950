import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { sliceVersion, type SliceVersion } from '@nova/contracts/remote-map';

/** A published, unreleased version `number` (at the legal slice's origin), as publish lists it. */
export const listedVersion = (number: string): SliceVersion =>
  sliceVersion({
    url: `http://localhost:4176/${number}/mf-manifest.json`,
    version: number,
    integrity: `sha256-${number}`,
    released: false,
  });

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A new empty folder named from `prefix`, removed after the test. */
export function temporaryFolder(prefix: string) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}
