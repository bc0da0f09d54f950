import { useTheme } from '@emotion/react';
import { buttonStyle } from '@nova/ui/button';
import type { RefObject } from 'react';

/**
 * Shows the target (the game frame) full screen. Offered only where the browser supports the
 * Fullscreen API for this page (`document.fullscreenEnabled`); elsewhere it renders nothing.
 */
export function PlayFullScreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const theme = useTheme();
  if (!document.fullscreenEnabled) return null;

  const playFullScreen = () => {
    // A refused request (say, the frame went away meanwhile) leaves the page as it was.
    target.current?.requestFullscreen().catch(() => undefined);
  };

  return (
    <button type="button" css={buttonStyle(theme)} onClick={playFullScreen}>
      Play Full Screen
    </button>
  );
}
