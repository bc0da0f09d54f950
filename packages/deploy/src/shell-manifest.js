// @ts-check
// The shell build the contract check reads: its federation manifest, from a file (a build on this
// machine) or over HTTP from the environment that serves it.
import { readFile } from 'node:fs/promises';
import { isHttpUrl } from '@nova/contracts/remote-map';

/** How long the environment may take to send the shell's manifest. */
const fetchTimeoutMs = 10_000;

/**
 * The shell's federation manifest at `location` (a file path or an http(s) URL).
 * @param {string} location
 * @returns {Promise<import('./contract.js').FederationManifest>}
 */
export async function readShellManifest(location) {
  const where = `the shell's manifest at ${location}`;
  let text;
  try {
    if (!isHttpUrl(location)) text = await readFile(location, 'utf8');
    else {
      const response = await fetch(location, { signal: AbortSignal.timeout(fetchTimeoutMs) });
      if (!response.ok) throw new Error(`it answered ${response.status}`);
      text = await response.text();
    }
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : error;
    throw new Error(`Could not read ${where} (${reason}): name the environment's shell build with --shell-manifest.`);
  }
  try {
    const manifest = JSON.parse(text);
    if (Array.isArray(manifest?.exposes) && Array.isArray(manifest?.shared)) return manifest;
  } catch {
    // Said below, as for any other shape.
  }
  throw new Error(`${where} is not a federation manifest (mf-manifest.json).`);
}
