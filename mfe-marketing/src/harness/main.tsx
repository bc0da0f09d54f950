import { renderHarness } from '@nova/ui/harness';
import { HomePage } from '../home/HomePage.tsx';

renderHarness('marketing', [{ path: '/', label: 'Home', element: <HomePage /> }]);
