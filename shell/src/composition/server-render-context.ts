import { createContext, useContext } from 'react';
import type { ServerRender } from '../../document/server-render.js';
import { takeBootServerRender } from '../federation/boot-handover.ts';

export type { ServerRender };

/** What the server rendered this document with, if it did and its HTML is there: as the boot script read it. */
export function readServerRender(): ServerRender | undefined {
  const serverRender = takeBootServerRender();
  return serverRender && document.getElementById('root')?.hasChildNodes() ? serverRender : undefined;
}

/**
 * The server render the React tree is hydrating, or rendering on the server: the year, and the
 * slot's server HTML, which only the first slot to render takes (later pages render in the browser).
 */
export interface RenderedOnServer {
  year: number;
  takeSlot: () => ServerRender['slot'] | undefined;
}

export function renderedOnServer({ year, slot }: Pick<ServerRender, 'year' | 'slot'>): RenderedOnServer {
  let untaken: ServerRender['slot'] | undefined = slot;
  return {
    year,
    takeSlot: () => {
      const taken = untaken;
      untaken = undefined;
      return taken;
    },
  };
}

export const ServerRenderContext = createContext<RenderedOnServer | undefined>(undefined);

/** The year the footer shows: the server's while the page is the one it rendered, so hydration matches at New Year. */
export function useSiteYear(): number {
  return useContext(ServerRenderContext)?.year ?? new Date().getFullYear();
}
