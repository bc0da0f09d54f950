import styled from '@emotion/styled';
import { ButtonAnchor } from '@nova/ui/button';
import { PageHeading } from '@nova/ui/page';
import { siteConfig } from '@nova/ui/site-config';
import type { MouseEvent } from 'react';

const Banner = styled.section`
  display: grid;
  justify-items: start;
  gap: 1.25rem;
  padding: 2rem 0 1rem;
  ${({ theme }) => theme.mq.md} {
    padding-top: 4rem;
  }
`;

const Eyebrow = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

const Heading = styled(PageHeading)`
  margin: 0;
  max-width: 18ch;
  font-size: clamp(2.4rem, 7vw, 4rem);
`;

const Lead = styled.p`
  margin: 0;
  max-width: 56ch;
  font-size: 1.15rem;
  color: ${({ theme }) => theme.color.textMuted};
`;

/**
 * The page's opening: what the site is, in one breath, and the way to the games: a link to their
 * heading (`games`, its id) that works before the page is live; once live, `onStartPlaying` takes it.
 */
export function Hero({ games, onStartPlaying }: { games: string; onStartPlaying: (event: MouseEvent) => void }) {
  return (
    <Banner aria-labelledby="hero-heading">
      <Eyebrow>Free-to-play social casino demos</Eyebrow>
      <Heading id="hero-heading">Spin the reels of tomorrow with {siteConfig.brand}</Heading>
      <Lead>
        Try our slot games right in your browser with virtual coins. No sign-up, no deposits and no real money: just
        play for fun.
      </Lead>
      <ButtonAnchor href={`#${games}`} onClick={onStartPlaying}>
        Start Playing
      </ButtonAnchor>
    </Banner>
  );
}
