import type { FragmentList } from '@nova/contracts/remote-modules';
import { routes } from '@nova/contracts/routes';

/** What the build renders to HTML fragments: both legal documents. */
export const fragments = [
  { page: 'TermsPage', paths: [routes.terms.path] },
  { page: 'PrivacyPage', paths: [routes.privacy.path] },
] satisfies FragmentList<'legal'>;
