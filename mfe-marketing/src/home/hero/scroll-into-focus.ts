/**
 * Brings an element into view and gives it focus: a smooth scroll, or an instant one when the
 * visitor prefers reduced motion. The element must be focusable (a heading needs tabIndex -1).
 */
export function scrollIntoFocus(element: HTMLElement) {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ behavior: reduceMotion ? 'instant' : 'smooth', block: 'start' });
}
