import { declaredHarnessPages, renderHarness } from '@nova/ui/harness';
import { ContactPage } from '../contact/ContactPage.tsx';
import pages from '../exposes/pages.json';

renderHarness('contact', declaredHarnessPages(pages, { ContactPage: <ContactPage /> }));
