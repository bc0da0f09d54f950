import styled from '@emotion/styled';
import { useTheme } from '@emotion/react';
import { routes } from '@nova/contracts/routes';
import { buttonStyle } from '@nova/ui/button';
import { pageTitle } from '@nova/ui/site-config';
import { Link } from 'react-router-dom';
import { MessagePage } from './MessagePage.tsx';

const Code = styled.p`
  margin: 0;
  font-size: 4rem;
  font-weight: 800;
  letter-spacing: 0.1em;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 1rem;
  margin-top: 2rem;
`;

export function NotFoundPage() {
  const theme = useTheme();
  return (
    <MessagePage heading="Page Not Found">
      <title>{pageTitle('Page Not Found')}</title>
      <Code aria-hidden="true">404</Code>
      <p>Error 404: the page you asked for does not exist or has moved.</p>
      <Actions>
        <Link to={routes.home.path} css={buttonStyle(theme)}>
          Go to Home
        </Link>
        <Link to={routes.games.path} css={buttonStyle(theme, 'secondary')}>
          Browse Games
        </Link>
      </Actions>
    </MessagePage>
  );
}
