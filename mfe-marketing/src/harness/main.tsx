import { declaredHarnessPages, renderHarness } from '@nova/ui/harness';
import pages from '../exposes/pages.json';
import { HomePage } from '../home/HomePage.tsx';

renderHarness('marketing', declaredHarnessPages(pages, { HomePage: <HomePage /> }));
