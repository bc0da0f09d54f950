import type { FragmentList } from '@nova/contracts/remote-modules';
import { routes } from '@nova/contracts/routes';

/** What the build renders to HTML fragments: the contact page, with an empty form. */
export const fragments = [{ page: 'ContactPage', paths: [routes.contact.path] }] satisfies FragmentList<'contact'>;
