// @ts-check
// `slice preview <slice> <version>`: a link to the version's first page in the environment (--environment
// <url>) that shows that version in the tab that opens it, for --for <duration> (at most 24h), signed
// with the environment's key (SIGNING_KEY, or the root's signing-key file).
import { legacyPages } from '@nova/contracts/routes';
import { previewLifetime, previewToken } from '@nova/signing/preview-token';
import { environmentKey } from '@nova/signing/signing-key';
import { signer } from '@nova/signing/signing';
import { parseDuration } from '../duration.js';
import { environmentSliceNamed, versionNamed } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function previewCommand({ args, options }, { root, store }) {
  const slice = environmentSliceNamed(args[0]);
  const version = versionNamed(args[1], 'preview');
  const lifetimeMs = parseDuration(options.for, '--for');
  if (lifetimeMs < 1000 || lifetimeMs > previewLifetime.maxMs)
    throw new Error(`--for must be from 1s to ${previewLifetime.maxMs / 3_600_000}h, not "${options.for}".`);
  const listed = ((await store.read()).map.microFrontends[slice] ?? []).find(
    (entry) => entry.metadata.version === version,
  );
  if (!listed) throw new Error(`${slice} has no version ${version} in this environment (see: pnpm slice:list).`);
  if (/** @type {{ rolledBackAt?: string[] }} */ (listed.extras ?? {}).rolledBackAt?.length)
    throw new Error(`${slice} ${version} was rolled back: it can no longer be previewed.`);
  const key = environmentKey({ root });
  if (!key)
    throw new Error(
      `No signing key: set SIGNING_KEY to the environment's (the composers'), or use --root with a ` +
        'local environment that has one (npm start makes it).',
    );
  const expiresAt = Date.now() + lifetimeMs;
  // The first page the version declares at one address (one published before pages were
  // declared: the portal's then).
  const metadata = /** @type {{ pages?: import('@nova/contracts/pages').PageDeclaration[] }} */ (listed.metadata);
  const pages = Array.isArray(metadata.pages) ? metadata.pages : legacyPages(slice);
  const page = pages.find(({ path }) => !/[:*]/.test(path))?.path ?? '/';
  const link = new URL(page, options.environment);
  link.searchParams.set('preview', previewToken(signer(key), { slice, version, expiresAt }));
  console.log(`Preview of ${slice} ${version} until ${new Date(expiresAt).toISOString()}, in the tab that opens:`);
  console.log(link.href);
}
