import type { ComponentType } from 'react';
import { onTestFinished, vi } from 'vitest';
import { builtinEnvironments } from 'vitest/runtime';
import type { Fragment } from '@nova/contracts/fragments';
import type { PageAddress } from '../render-fragment.tsx';

/** Loads an exposed page module; called once as the server, once as the browser. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface HydratedPage {
  fragment: Fragment;
  /** The element the fragment was placed in and hydrated. */
  slot: HTMLElement;
  /** What React reported while hydrating: any entry is a mismatch. */
  problems: string[];
  /** How many of Emotion's inline `<style>` tags were still in the slot when hydration began. */
  inlineStylesAtHydration: number;
  /** Elements of the server's markup that hydration did not keep (React replaces what it cannot adopt). */
  replaced: Element[];
}

/** How long a test that renders then hydrates a page may take (ms): it loads the page's modules twice. */
export const hydrationTestTimeout = 30_000;

interface Options {
  /** Runs in the browser once the document has arrived, before the page's modules load: set storage, type into fields. */
  beforeHydration?: () => void | Promise<void>;
}

/**
 * What a visitor's browser does with a composed page: renders the page as the fragment build does
 * (plain Node: no DOM, the page's modules fresh), starts a browser (jsdom) whose document holds the
 * fragment, loads the page's modules afresh there, as the browser does, and hydrates. When the
 * test ends, the page unmounts and the browser goes. For test files in the node environment
 * (`// @vitest-environment node`).
 */
export async function renderThenHydrate(
  load: PageLoader,
  address: PageAddress,
  { beforeHydration }: Options = {},
): Promise<HydratedPage> {
  if ('document' in globalThis)
    throw new Error('renderThenHydrate renders as a server first: run it in the node test environment.');
  vi.resetModules();
  const { renderFragment } = await import('../render-fragment.tsx');
  const fragment = await renderFragment((await load()).default, address);

  const globalsOfNode = new Set(Reflect.ownKeys(globalThis));
  const browser = await builtinEnvironments.jsdom.setup(globalThis, {
    jsdom: {
      url: new URL(address.path, 'http://localhost').href,
      html: `<!DOCTYPE html><html><head>${fragment.head}</head><body><div id="slot">${fragment.html}</div></body></html>`,
    },
  });
  const mounted: { unmount?: () => Promise<void> } = {};
  onTestFinished(async () => {
    await mounted.unmount?.();
    browser.teardown(globalThis);
    // What the page's modules set on the global object goes too (Emotion marks itself loaded there).
    for (const key of Reflect.ownKeys(globalThis)) if (!globalsOfNode.has(key)) Reflect.deleteProperty(globalThis, key);
  });
  await beforeHydration?.();
  vi.resetModules();
  // Loading Emotion creates its cache, which moves the server's <style> tags into <head>.
  const { hydratePage } = await import('./hydrate-page.tsx');
  const Page = (await load()).default;
  const slot = document.getElementById('slot')!;
  const inlineStylesAtHydration = slot.querySelectorAll('style').length;
  const serverElements = [...slot.querySelectorAll('*')];
  const hydrated = await hydratePage(slot, Page, address);
  mounted.unmount = hydrated.unmount;

  return {
    fragment,
    slot,
    problems: hydrated.problems,
    inlineStylesAtHydration,
    replaced: serverElements.filter((element) => !element.isConnected),
  };
}
