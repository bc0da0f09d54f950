import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';
import { useHydrated } from '@nova/ui/hydrated';
import { lazy, Suspense } from 'react';

// DiceBear stays out of the page's first load: its chunk is fetched when the avatar renders.
const RobotAvatarImage = lazy(() => import('./RobotAvatarImage.tsx'));

/** Side of the square avatar canvas, in CSS pixels. */
const avatarSize = 180;

const bob = keyframes`
  from { transform: translateY(0); }
  to { transform: translateY(-8px); }
`;

/** Holds the avatar's place from the first paint, so nothing moves when the image arrives. */
const Frame = styled.div`
  flex: none;
  width: ${avatarSize}px;
  height: ${avatarSize}px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surfaceRaised};
  @media (prefers-reduced-motion: no-preference) {
    &:hover img {
      animation: ${bob} 0.6s ease-in-out infinite alternate;
    }
  }
`;

/**
 * The generated robot avatar for `seed` on its 180 × 180 square; it bobs while hovered. The seed is
 * drawn per visit, in the browser: HTML from the server holds the empty square, and the robot is
 * drawn into it once the page runs.
 */
export function RobotAvatar({ seed, alt }: { seed: string; alt: string }) {
  const hydrated = useHydrated();
  return (
    <Frame>
      {hydrated && (
        <Suspense fallback={null}>
          <RobotAvatarImage seed={seed} size={avatarSize} alt={alt} />
        </Suspense>
      )}
    </Frame>
  );
}
