import type { PageModule } from '@nova/contracts/remote-modules';
import { ContactPage } from '../contact/ContactPage.tsx';

export default ContactPage satisfies PageModule['default'];
