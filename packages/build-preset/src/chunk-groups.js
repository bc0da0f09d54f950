// @ts-check

/**
 * How an app's build groups modules into files, beyond the federation plugin's own groups (the
 * shell's shared modules, provided eagerly, in one file with their libraries). Every file
 * of a page costs a request, and over HTTP/1.1 six at a time per origin: the first page's
 * scripts waited in line behind each other more than they downloaded.
 * - The shell: what it provides beside React and Emotion (the federation runtime, the router, the
 *   store) and its share map, in one file.
 * - A remote: the runtime's glue and its share map, in one file.
 * @param {{ remote: boolean }} app
 * @returns {import('vite').Rolldown.OutputOptions['codeSplitting']}
 */
export function chunkGroups({ remote }) {
  const federation = /node_modules[\\/]@module-federation[\\/]|localSharedImportMap/;
  const provided =
    /node_modules[\\/](react-router|react-router-dom|zustand|react-error-boundary)[\\/]|packages[\\/](store|router)[\\/]/;
  return {
    groups: remote
      ? [{ name: 'federation', test: federation }]
      : [{ name: 'provided', test: (id) => federation.test(id) || provided.test(id) }],
  };
}
