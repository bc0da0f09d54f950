import { serverRenderId, type ServerRender } from '../../shell/document/server-render.js';

const dataBlock = new RegExp(`<script type="application/json" id="${serverRenderId}">(.*?)</script>`, 's');

/** What the composer left for the browser in a page's HTML (its data block); undefined if it left none. */
export function serverRenderOf(html: string): ServerRender | undefined {
  const data = dataBlock.exec(html)?.[1];
  return data === undefined ? undefined : (JSON.parse(data) as ServerRender);
}
