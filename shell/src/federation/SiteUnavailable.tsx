import { ScriptButton } from '@nova/ui/script-button';
import { pageTitle } from '@nova/ui/site-config';
import { useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { MessagePage } from '../pages/MessagePage.tsx';

/**
 * Shown inside the layout when the remote map could not be read, even after retrying: no page
 * can load. Retry goes to the same address again without a page reload: the router reads the map
 * anew, routes to its pages and loads the one here. A page the server composed without a map
 * (`reloads`) is asked for anew instead: the slices' origins, which its security headers allow,
 * come with the map.
 */
export function SiteUnavailable({ reason, reloads = false }: { reason: string; reloads?: boolean }) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const retrying = useNavigation().state !== 'idle';
  return (
    <MessagePage heading="The site could not load its pages">
      <title>{pageTitle('Unavailable')}</title>
      <p role="alert">The list of its pages did not arrive. Check your connection and try again.</p>
      <p>{reason}</p>
      <ScriptButton
        type="button"
        disabled={retrying}
        onClick={() => (reloads ? location.reload() : void navigate({ pathname, search, hash }, { replace: true }))}
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </ScriptButton>
    </MessagePage>
  );
}
