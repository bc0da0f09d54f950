import styled from '@emotion/styled';
import { framePermissions } from '@nova/catalogue/frame-permissions';
import { untilLiveRecord } from '@nova/contracts/until-live';
import { Spinner } from '@nova/ui/spinner';
import { useEffect, useRef, useState, type RefObject } from 'react';

interface GameFrameProps {
  /** The frame's accessible name, e.g. "Pug Life demo". */
  title: string;
  /** The demo address; without one the frame stays blank. */
  src: string | undefined;
  ref?: RefObject<HTMLIFrameElement | null>;
}

// The 16:9 box is reserved before the frame loads, so nothing below it moves.
const Box = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
`;

// Above the loading state: the frame is see-through until the demo paints its page over it.
const Frame = styled.iframe`
  position: relative;
  display: block;
  width: 100%;
  height: 100%;
  border: 0;
`;

const Loading = styled.div`
  position: absolute;
  inset: 0;
  display: grid;
  place-items: center;
`;

/** What the provider says when its demo is on screen, and what the page asks it (see the demo provider's readiness.ts). */
const readyMessage = 'demo:ready';
const statusQuery = 'demo:status';

/**
 * The provider's demo in a frame, in the server's HTML, so the demo loads with the first paint.
 * Until it is ready a loading state shows through the frame: the demo covers it as it paints,
 * with or without the page's script. The page ends it when the provider says the demo is ready
 * (it asks as soon as it runs) or the frame has loaded, before the page was live or after.
 */
export function GameFrame({ title, src, ref }: GameFrameProps) {
  const ownFrame = useRef<HTMLIFrameElement>(null);
  const frame = ref ?? ownFrame;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (frame.current && untilLiveRecord()?.loadedFrames.has(frame.current)) return setReady(true);
    const demo = frame.current?.contentWindow;
    if (!demo || !src) return;
    const provider = new URL(src).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.source === demo && event.origin === provider && event.data?.type === readyMessage) setReady(true);
    };
    addEventListener('message', onMessage);
    // Dropped by the browser while the frame shows another origin's document (not yet the demo's).
    demo.postMessage({ type: statusQuery }, provider);
    return () => removeEventListener('message', onMessage);
  }, [frame, src]);

  return (
    <Box>
      {!ready && (
        <Loading>
          <Spinner label="Loading the demo…" />
        </Loading>
      )}
      <Frame
        ref={frame}
        src={src}
        title={title}
        allow={framePermissions.join('; ')}
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => setReady(true)}
      />
    </Box>
  );
}
