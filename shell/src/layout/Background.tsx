import { keyframes } from '@emotion/react';
import styled from '@emotion/styled';

const drift = keyframes`
  from { transform: translate3d(0, 0, 0) scale(1); }
  to { transform: translate3d(4%, -6%, 0) scale(1.15); }
`;

const twinkle = keyframes`
  from { opacity: 0.35; }
  to { opacity: 0.8; }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: -1;
  overflow: hidden;
  pointer-events: none;
  background: radial-gradient(
    ellipse at top,
    ${({ theme }) => theme.color.backgroundTop} 0%,
    ${({ theme }) => theme.color.background} 60%
  );
`;

// Soft glows drawn as gradients (not blurred shapes): each is painted once on its own layer and
// only moved, which stays cheap even where the browser composites in software.
const Glow = styled.div`
  position: absolute;
  width: 60vmax;
  height: 60vmax;
  opacity: 0.3;
  will-change: transform;
  animation: ${drift} 18s ease-in-out infinite alternate;
  &:first-of-type {
    top: -22vmax;
    left: -20vmax;
    background: radial-gradient(circle closest-side, ${({ theme }) => theme.color.primary}, transparent);
  }
  &:nth-of-type(2) {
    top: 30vh;
    left: 50vw;
    background: radial-gradient(circle closest-side, ${({ theme }) => theme.color.accent}, transparent);
    animation-direction: alternate-reverse;
  }
`;

const Stars = styled.div`
  position: absolute;
  inset: 0;
  background-image:
    radial-gradient(1.5px 1.5px at 12% 18%, ${({ theme }) => theme.color.star} 50%, transparent 51%),
    radial-gradient(1px 1px at 68% 32%, ${({ theme }) => theme.color.star} 50%, transparent 51%),
    radial-gradient(1.5px 1.5px at 38% 74%, ${({ theme }) => theme.color.star} 50%, transparent 51%),
    radial-gradient(1px 1px at 84% 82%, ${({ theme }) => theme.color.star} 50%, transparent 51%),
    radial-gradient(1px 1px at 52% 8%, ${({ theme }) => theme.color.star} 50%, transparent 51%),
    radial-gradient(1.5px 1.5px at 92% 48%, ${({ theme }) => theme.color.star} 50%, transparent 51%);
  will-change: opacity;
  animation: ${twinkle} 4s ease-in-out infinite alternate;
`;

/** The decorative backdrop: purely visual, hidden from assistive technology, still under reduced motion. */
export function Background() {
  return (
    <Backdrop aria-hidden="true" data-testid="background">
      <Glow />
      <Glow />
      <Stars />
    </Backdrop>
  );
}
