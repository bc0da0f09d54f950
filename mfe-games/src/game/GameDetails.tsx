import styled from '@emotion/styled';
import { demoAddress } from '@nova/catalogue/demo-address';
import type { Game } from '@nova/catalogue/games';
import { routes } from '@nova/contracts/routes';
import { PageContainer, PageHeading } from '@nova/ui/page';
import { pageTitle } from '@nova/ui/site-config';
import { useRef } from 'react';
import { Link } from '@nova/router';
import { Lead } from '../common/Lead.tsx';
import { GameFrame } from './GameFrame.tsx';
import { HowToPlay } from './HowToPlay.tsx';
import { PlayFullScreenButton } from './PlayFullScreenButton.tsx';
import { SimilarGames } from './SimilarGames.tsx';

const BackLink = styled(Link)`
  display: inline-block;
  margin-bottom: 1rem;
  font-weight: 600;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  margin-top: 1.25rem;
`;

/** A game's page: its demo in a frame, how to play it, and other games to try. */
export function GameDetails({ game }: { game: Game }) {
  const frame = useRef<HTMLIFrameElement>(null);
  return (
    <PageContainer>
      <title>{pageTitle(game.title)}</title>
      <BackLink to={routes.games.path}>
        <span aria-hidden="true">← </span>Back to Games
      </BackLink>
      <PageHeading>{game.title}</PageHeading>
      <Lead>{game.description}</Lead>
      {/* Keyed by game: moving to another game starts its frame with a fresh loading state. */}
      <GameFrame key={game.id} ref={frame} title={`${game.title} demo`} src={demoAddress(game.id)} />
      <Actions>
        <PlayFullScreenButton target={frame} />
      </Actions>
      <HowToPlay />
      <SimilarGames />
    </PageContainer>
  );
}
