import styled from '@emotion/styled';
import { routes } from '@nova/contracts/routes';
import { ButtonLink } from '@nova/ui/button-link';

const Row = styled.p`
  display: flex;
  justify-content: center;
  margin: 2.5rem 0 0;
`;

/** The way from Home's featured few to the whole collection. */
export function ViewAllGames() {
  return (
    <Row>
      <ButtonLink to={routes.games.path} variant="secondary">
        View All Games
      </ButtonLink>
    </Row>
  );
}
