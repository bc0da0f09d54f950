import { declaredHarnessPages, renderHarness } from '@nova/ui/harness';
import pages from '../exposes/pages.json';
import { PrivacyPage } from '../privacy/PrivacyPage.tsx';
import { TermsPage } from '../terms/TermsPage.tsx';

renderHarness('legal', declaredHarnessPages(pages, { TermsPage: <TermsPage />, PrivacyPage: <PrivacyPage /> }));
