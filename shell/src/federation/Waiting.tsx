import { pageTitle } from '@nova/ui/site-config';
import { Spinner } from '@nova/ui/spinner';

/**
 * A page's slot while its slice's page is not there yet: the spinner, under the page's title (as
 * its version declares it), on the server and in the browser alike.
 */
export function Waiting({ title }: { title: string }) {
  return (
    <>
      <title>{pageTitle(title)}</title>
      <Spinner />
    </>
  );
}
