import styled from '@emotion/styled';
import { framePermissions } from '@nova/catalogue/frame-permissions';
import { useHydrated } from '@nova/ui/hydrated';
import { Spinner } from '@nova/ui/spinner';
import { useState, type Ref } from 'react';

interface GameFrameProps {
  /** The frame's accessible name, e.g. "Pug Life demo". */
  title: string;
  /** The demo address; without one the frame stays blank. */
  src: string | undefined;
  ref?: Ref<HTMLIFrameElement>;
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

const Frame = styled.iframe`
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
  background: ${({ theme }) => theme.color.surface};
`;

/**
 * The provider's demo in a frame, with a loading state over it until the frame has loaded. The
 * frame itself is created in the browser: in HTML from the server it would load before the page
 * runs, and its load would go unseen, leaving the loading state up for good.
 */
export function GameFrame({ title, src, ref }: GameFrameProps) {
  const [loaded, setLoaded] = useState(false);
  const hydrated = useHydrated();
  return (
    <Box>
      {hydrated && (
        <Frame
          ref={ref}
          src={src}
          title={title}
          allow={framePermissions.join('; ')}
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => setLoaded(true)}
        />
      )}
      {!loaded && (
        <Loading>
          <Spinner label="Loading the demo…" />
        </Loading>
      )}
    </Box>
  );
}
