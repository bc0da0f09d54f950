import { pageTitle } from '@nova/ui/site-config';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { RemoteMapError } from '../federation/remote-map-error.ts';
import { SiteUnavailable } from '../federation/SiteUnavailable.tsx';
import { MessagePage } from './MessagePage.tsx';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Any error a route throws that nothing else handled, shown inside the layout. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (error instanceof RemoteMapError) return <SiteUnavailable reason={error.message} reloads={error.composed} />;
  return (
    <MessagePage heading="Unexpected Application Error!">
      <title>{pageTitle('Error')}</title>
      <p role="alert">{describe(error)}</p>
    </MessagePage>
  );
}
