import { renderHarness } from '@nova/ui/harness';
import { ContactPage } from '../contact/ContactPage.tsx';

renderHarness('contact', [{ path: '/contact', label: 'Contact', element: <ContactPage /> }]);
