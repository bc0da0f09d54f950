import { useLoaderData } from 'react-router-dom';
import { endPreview } from './preview.ts';
import type { RemoteMap } from './remote-map-reader.ts';
import { Notice } from './TabNotice.tsx';

/** Says plainly, on every page, which unreleased versions this tab shows; ends the preview. */
export function PreviewNotice() {
  // The server loads no map: it composes released versions, so it shows no previews.
  const shown = Object.entries((useLoaderData() as RemoteMap | undefined)?.previews ?? {});
  if (shown.length === 0) return null;
  return (
    <Notice aria-label="Preview">
      <span>
        Preview of {shown.map(([slice, version]) => `${slice} ${version}`).join(', ')}: not released, shown in this tab
        only.
      </span>
      <button type="button" onClick={() => endPreview()}>
        End preview
      </button>
    </Notice>
  );
}
