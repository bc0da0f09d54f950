import { routes } from '@nova/contracts/routes';
import { renderHarness } from '@nova/ui/harness';
import { PrivacyPage } from '../privacy/PrivacyPage.tsx';
import { TermsPage } from '../terms/TermsPage.tsx';

renderHarness('legal', [
  { path: routes.terms.path, label: 'Terms', element: <TermsPage /> },
  { path: routes.privacy.path, label: 'Privacy', element: <PrivacyPage /> },
]);
