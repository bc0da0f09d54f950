import type { PageModule } from '@nova/contracts/remote-modules';
import { HomePage } from '../home/HomePage.tsx';

export default HomePage satisfies PageModule['default'];
