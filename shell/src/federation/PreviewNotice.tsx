import styled from '@emotion/styled';
import { useLoaderData } from 'react-router-dom';
import { endPreview } from './preview.ts';
import type { RemoteMap } from './remote-map.ts';

const Notice = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 0.5rem 1rem;
  padding: 0.6rem 1rem;
  background: ${({ theme }) => theme.color.gold};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: 600;
  button {
    font: inherit;
    text-decoration: underline;
    color: inherit;
    background: none;
    border: 0;
    cursor: pointer;
  }
`;

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
