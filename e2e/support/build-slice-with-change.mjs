// @ts-check
// Builds one slice as its team would after changing it: the text `from` becomes `to` in the
// source file whose path ends with `file`. The repository is left as it is.
// node build-slice-with-change.mjs <slice folder> <out dir> <file> <from> <to>
import { build } from 'vite';

const [folder, outDir, file, from, to] = process.argv.slice(2);
if (!folder || !outDir || !file || from === undefined || to === undefined) throw new Error('Usage: <slice folder> <out dir> <file> <from> <to>');

await build({
  root: folder,
  configFile: `${folder}/vite.config.ts`,
  logLevel: 'error',
  build: { outDir, emptyOutDir: true },
  plugins: [
    {
      name: 'the-change',
      enforce: 'pre',
      transform(code, id) {
        if (!id.endsWith(file)) return undefined;
        if (!code.includes(from)) throw new Error(`${file} has no "${from}" to change.`);
        return code.replace(from, to);
      },
    },
  ],
});
