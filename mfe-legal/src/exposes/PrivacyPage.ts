import type { PageModule } from '@nova/contracts/remote-modules';
import { PrivacyPage } from '../privacy/PrivacyPage.tsx';

export default PrivacyPage satisfies PageModule['default'];
