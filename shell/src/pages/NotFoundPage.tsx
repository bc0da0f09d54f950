import styled from '@emotion/styled';
import { routes } from '@nova/contracts/routes';
import { ButtonLink } from '@nova/ui/button-link';
import { pageTitle } from '@nova/ui/site-config';
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
  return (
    <MessagePage heading="Page Not Found">
      <title>{pageTitle('Page Not Found')}</title>
      <Code aria-hidden="true">404</Code>
      <p>Error 404: the page you asked for does not exist or has moved.</p>
      <Actions>
        <ButtonLink to={routes.home.path}>Go to Home</ButtonLink>
        <ButtonLink to={routes.games.path} variant="secondary">
          Browse Games
        </ButtonLink>
      </Actions>
    </MessagePage>
  );
}
