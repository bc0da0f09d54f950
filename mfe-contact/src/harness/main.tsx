import { routes } from '@nova/contracts/routes';
import { renderHarness } from '@nova/ui/harness';
import { ContactPage } from '../contact/ContactPage.tsx';

renderHarness('contact', [{ path: routes.contact.path, label: 'Contact', element: <ContactPage /> }]);
