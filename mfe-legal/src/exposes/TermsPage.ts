import type { PageModule } from '@nova/contracts/remote-modules';
import { TermsPage } from '../terms/TermsPage.tsx';

export default TermsPage satisfies PageModule['default'];
