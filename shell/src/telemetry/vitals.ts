import { onCLS, onINP, onLCP, type Metric } from 'web-vitals';
import type { VitalName } from './signal-queue.ts';

/**
 * Reports LCP, INP and CLS as web-vitals gives them (when final, mostly as the page is hidden):
 * LCP and INP in seconds. Each measure once: a later update of the same one is not sent again.
 */
export function watchVitals(report: (name: VitalName, value: number) => void): void {
  const seen = new Set<string>();
  const take = ({ name, value, id }: Metric) => {
    if (seen.has(id)) return;
    seen.add(id);
    report(name as VitalName, name === 'CLS' ? value : value / 1000);
  };
  onLCP(take);
  onINP(take);
  onCLS(take);
}
