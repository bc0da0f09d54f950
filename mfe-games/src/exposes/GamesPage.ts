import type { PageModule } from '@nova/contracts/remote-modules';
import { GamesPage } from '../collection/GamesPage.tsx';

export default GamesPage satisfies PageModule['default'];
