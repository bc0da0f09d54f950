import type { PageModule } from '@nova/contracts/remote-modules';
import { GamePage } from '../game/GamePage.tsx';

export default GamePage satisfies PageModule['default'];
