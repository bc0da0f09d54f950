import { renderHarness } from '@nova/ui/harness';
import { PrivacyPage } from '../privacy/PrivacyPage.tsx';
import { TermsPage } from '../terms/TermsPage.tsx';

renderHarness('legal', [
  { path: '/terms-and-conditions', label: 'Terms', element: <TermsPage /> },
  { path: '/privacy-policy', label: 'Privacy', element: <PrivacyPage /> },
]);
