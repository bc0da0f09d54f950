import type { RemoteModuleId } from '@nova/contracts/remote-modules';
import type { ReactNode } from 'react';

/**
 * The element a remote's page renders in, on the server and in the browser alike: it adds no
 * box, and keeps the server's HTML of the page until the page's module hydrates it.
 */
export function SlotContent({
  module: id,
  children,
  html,
}: {
  module: RemoteModuleId;
  children?: ReactNode;
  html?: string;
}) {
  const style = { display: 'contents' } as const;
  return html === undefined ? (
    <div data-slot={id} style={style}>
      {children}
    </div>
  ) : (
    <div data-slot={id} style={style} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
