import { ScriptButton } from '@nova/ui/script-button';
import { pageTitle } from '@nova/ui/site-config';
import { useRevalidator } from 'react-router-dom';
import { MessagePage } from '../pages/MessagePage.tsx';

/**
 * Shown inside the layout when the remote map could not be read, even after retrying: no page
 * can load. Retry reads the map again (no page reload).
 */
export function SiteUnavailable({ reason }: { reason: string }) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <MessagePage heading="The site could not load its pages">
      <title>{pageTitle('Unavailable')}</title>
      <p role="alert">The list of its pages did not arrive. Check your connection and try again.</p>
      <p>{reason}</p>
      <ScriptButton type="button" disabled={retrying} onClick={() => void revalidator.revalidate()}>
        {retrying ? 'Retrying…' : 'Retry'}
      </ScriptButton>
    </MessagePage>
  );
}
