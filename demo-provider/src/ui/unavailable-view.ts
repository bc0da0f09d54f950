import { html } from './dom.ts';

/** What a launch this provider cannot honour shows instead of a game: never a blank frame. */
export function mountUnavailable(root: HTMLElement, reason: string) {
  document.title = 'Demo not available';
  root.append(
    html(
      'main',
      { class: 'unavailable' },
      html('h1', {}, 'This demo is not available'),
      html('p', {}, reason),
      html('p', {}, 'Please pick the game again on the site that brought you here.'),
    ),
  );
}
