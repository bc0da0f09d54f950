import './styles.css';
import { parseLaunch } from './launch.ts';
import { announceReadiness } from './readiness.ts';
import { mulberry32, randomSeed, seedFromText } from './rng.ts';
import { SlotSession } from './session.ts';
import { mountSlot } from './ui/slot-view.ts';
import { mountUnavailable } from './ui/unavailable-view.ts';

// The launcher: the portal frames /launch?gameCode=…&mode=demo&… and this page does the rest.
const result = parseLaunch(location.search);
if (result.ok) {
  const { seed } = result.launch;
  const session = new SlotSession(mulberry32(seed === undefined ? randomSeed() : seedFromText(seed)));
  mountSlot(document.body, result.launch, session);
} else {
  mountUnavailable(document.body, result.reason);
}
announceReadiness();
