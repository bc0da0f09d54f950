// The platform's npm registry for a spec (registry/): a Verdaccio of the test's own, and the
// platform's packages published to it as `pnpm platform:publish` does.
export {
  changedUnderPublishedVersions,
  forgetCachedPlatform,
  platformPackages,
  publishPlatform,
  publishPlatformFromACopy,
} from '../../registry/publish-platform.mjs';
export { startRegistry } from '../../registry/registry.mjs';
