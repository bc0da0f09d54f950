// @ts-check
// `slice dev <slice>`, in the slice's folder: its dev server, and a link that shows the
// --environment with this slice from source in the browser that opens it (see dev.js; --port, by
// default the slice's port + 1000).
import { devUntilStopped } from '../dev.js';
import { sliceNamed } from './guards.js';

/**
 * @param {import('../cli-options.js').CommandLine} line
 * @param {import('./context.js').CommandContext} context
 */
export async function devCommand({ args, options }, { root }) {
  await devUntilStopped({
    slice: sliceNamed(args[0]),
    folder: process.cwd(),
    root,
    environment: options.environment,
    port: options.port,
  });
}
