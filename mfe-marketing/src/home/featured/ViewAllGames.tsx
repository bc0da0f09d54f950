import { useTheme } from '@emotion/react';
import styled from '@emotion/styled';
import { routes } from '@nova/contracts/routes';
import { buttonStyle } from '@nova/ui/button';
import { Link } from '@nova/router';

const Row = styled.p`
  display: flex;
  justify-content: center;
  margin: 2.5rem 0 0;
`;

/** The way from Home's featured few to the whole collection. */
export function ViewAllGames() {
  const theme = useTheme();
  return (
    <Row>
      <Link to={routes.games.path} css={buttonStyle(theme, 'secondary')}>
        View All Games
      </Link>
    </Row>
  );
}
