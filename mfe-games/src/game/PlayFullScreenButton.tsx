import { css } from '@emotion/react';
import { Button } from '@nova/ui/button';
import { useHydrated } from '@nova/ui/hydrated';
import type { RefObject } from 'react';

/** Keeps the button's place without showing it, and keeps it from keyboard and assistive technology. */
const unseen = css`
  visibility: hidden;
`;

/**
 * Shows the target (the game frame) full screen. Offered only where the browser supports the
 * Fullscreen API for this page (`document.fullscreenEnabled`), which the server cannot know:
 * until the page runs in the browser, and wherever it is not supported, the button holds its
 * place unseen, so nothing moves when it shows.
 */
export function PlayFullScreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const offered = useHydrated() && document.fullscreenEnabled;

  const playFullScreen = () => {
    // A refused request (say, the frame went away meanwhile) leaves the page as it was.
    target.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <Button type="button" css={!offered && unseen} onClick={playFullScreen}>
      Play Full Screen
    </Button>
  );
}
