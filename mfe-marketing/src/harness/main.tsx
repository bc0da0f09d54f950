import { routes } from '@nova/contracts/routes';
import { renderHarness } from '@nova/ui/harness';
import { HomePage } from '../home/HomePage.tsx';

renderHarness('marketing', [{ path: routes.home.path, label: 'Home', element: <HomePage /> }]);
