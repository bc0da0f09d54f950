import { createContext, useContext } from 'react';
import type { DataBlock } from '../../document/data-block.js';

/**
 * The server render the React tree is hydrating, or rendering on the server: the year, and the
 * slot's server HTML, which only the first slot to render takes (later pages render in the browser).
 */
export interface RenderedOnServer {
  year: number;
  takeSlot: () => DataBlock['slot'] | undefined;
}

export function renderedOnServer({ year, slot }: Pick<DataBlock, 'year' | 'slot'>): RenderedOnServer {
  let untaken: DataBlock['slot'] | undefined = slot;
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
