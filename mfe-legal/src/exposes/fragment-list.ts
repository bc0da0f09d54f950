import type { FragmentList } from '@nova/contracts/remote-modules';
import { fixedPathPages } from '@nova/render/fragment-list';
import pages from './pages.json';

/** What the build renders to HTML fragments: both legal documents, each at the path it declares. */
export const fragments = fixedPathPages(pages) satisfies FragmentList;
