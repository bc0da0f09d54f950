import { Button } from '@nova/ui/button';
import type { RefObject } from 'react';

/**
 * Shows the target (the game frame) full screen. Offered only where the browser supports the
 * Fullscreen API for this page (`document.fullscreenEnabled`); elsewhere it renders nothing.
 */
export function PlayFullScreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  if (!document.fullscreenEnabled) return null;

  const playFullScreen = () => {
    // A refused request (say, the frame went away meanwhile) leaves the page as it was.
    target.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <Button type="button" onClick={playFullScreen}>
      Play Full Screen
    </Button>
  );
}
