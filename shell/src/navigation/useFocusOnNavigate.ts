import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * After a client-side navigation, moves focus to the main content, then to the new page's
 * heading once it appears (remote pages render a moment later). The first load is left alone.
 */
export function useFocusOnNavigate(mainRef: RefObject<HTMLElement | null>) {
  const { key } = useLocation();
  const landingKey = useRef<string | null>(key);

  useEffect(() => {
    const main = mainRef.current;
    if (!main || key === landingKey.current) return;
    landingKey.current = null;
    main.focus({ preventScroll: true });

    const focusHeading = () => {
      const heading = main.querySelector('h1');
      if (!heading) return false;
      if (document.activeElement === main) {
        heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [key, mainRef]);
}
