import type { Fragment } from '@nova/contracts/fragments';
import type { ComponentType, ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { SlotTheme } from './slot-theme.tsx';

/** Where a page renders: the route it is mounted on (React Router syntax) and one concrete path of it. */
export interface PageAddress {
  route: string;
  path: string;
}

// The page is rendered as the body of a document, so React puts what it hoists into that head.
const documentParts = /^<!DOCTYPE html><html lang="en"><head>(?<head>.*)<\/head><body>(?<html>.*)<\/body><\/html>$/s;

/** The page as a whole document, once everything in it has rendered; rejects if any part fails. */
async function renderDocument(page: ReactNode): Promise<string> {
  // A part that fails inside a Suspense boundary would be left for the browser to render: a
  // fragment is all or nothing.
  const failures: unknown[] = [];
  const { prelude } = await prerender(
    <html lang="en">
      <head />
      <body>
        <SlotTheme>{page}</SlotTheme>
      </body>
    </html>,
    { onError: (error) => void failures.push(error) },
  );
  if (failures.length > 0) throw failures[0];
  return new Response(prelude).text();
}

/**
 * Renders one page as the shell's slot shows it: the theme, the router at `path` (React Router's
 * static rendering of the data router the shell uses) and the shared store, whose module is the
 * one the browser runs. `prerender` waits for everything the page suspends on (lazy parts, data),
 * so the fragment holds the page's whole first screen; `renderToString` would leave suspended
 * parts as fallbacks for the browser to fill in.
 */
export async function renderFragment(Page: ComponentType, { route, path }: PageAddress): Promise<Fragment> {
  const { dataRoutes, query } = createStaticHandler([{ path: route, element: <Page /> }]);
  const context = await query(new Request(new URL(path, 'http://fragment.invalid')));
  if (context instanceof Response || context.statusCode !== 200) {
    throw new Error(`${path} is not an address of the route ${route}.`);
  }
  const router = createStaticRouter(dataRoutes, context);
  const document = await renderDocument(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  ).catch((error: unknown) => {
    throw new Error(`Rendering ${path} failed.`, { cause: error });
  });
  const parts = documentParts.exec(document)?.groups;
  if (!parts) throw new Error(`Rendering ${path} did not give one document.`);
  return { head: parts.head!, html: parts.html! };
}
