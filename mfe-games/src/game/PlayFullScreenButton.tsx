import { css } from '@emotion/react';
import { useHydrated } from '@nova/ui/hydrated';
import { ScriptButton } from '@nova/ui/script-button';
import type { RefObject } from 'react';

/** Keeps the button's place without showing it, and keeps it from keyboard and assistive technology. */
const unseen = css`
  visibility: hidden;
`;

/**
 * Shows the target (the game frame) full screen. Until the page runs it waits (ScriptButton);
 * where the browser does not support the Fullscreen API for this page (`document.fullscreenEnabled`),
 * which only the browser knows, it then holds its place unseen, so nothing moves.
 */
export function PlayFullScreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const unsupported = useHydrated() && !document.fullscreenEnabled;

  const playFullScreen = () => {
    // A refused request (say, the frame went away meanwhile) leaves the page as it was.
    target.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <ScriptButton type="button" css={unsupported && unseen} onClick={playFullScreen}>
      Play Full Screen
    </ScriptButton>
  );
}
