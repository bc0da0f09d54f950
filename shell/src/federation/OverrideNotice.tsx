import { useSyncExternalStore } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { RemoteMap } from './remote-map-reader.ts';
import { Notice } from './TabNotice.tsx';

const never = () => () => undefined;

/**
 * Ends the development override: the composer clears its cookie (`?override=off`) and
 * sends the browser back to this page, released.
 */
export function endOverride({ location }: { location: Pick<Location, 'assign' | 'pathname'> } = window) {
  location.assign(`${location.pathname}?override=off`);
}

/**
 * Says plainly, on every page, which slice this browser sees from a team's dev server
 * (`slice dev`); ends the override. Shown once hydrated: the server's HTML is the same for the
 * page with or without it, so hydration never mismatches.
 */
export function OverrideNotice() {
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  const shown = Object.entries((useLoaderData() as RemoteMap | undefined)?.overrides ?? {});
  if (!hydrated || shown.length === 0) return null;
  return (
    <Notice aria-label="Development override">
      <span>
        {shown.map(([slice, origin]) => `${slice} from ${origin}`).join(', ')}: your local sources, shown in this
        browser only.
      </span>
      <button type="button" onClick={() => endOverride()}>
        End override
      </button>
    </Notice>
  );
}
