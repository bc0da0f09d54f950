// Vite's `import.meta.env.DEV`, as the Node program sees it: the composer's modules import
// the shell's server entry, which reaches browser modules that read it (shell/src/federation/
// remote-map-reader.ts). Vite writes its value into every build; Node code never reads it (it has none).
interface ImportMetaEnv {
  DEV: boolean;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
