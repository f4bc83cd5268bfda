// Runs a callback once, the first time an element scrolls into view (at once where the browser
// has no IntersectionObserver): the QR encoder and tracking wait for a code to be seen.
import { useEffect, type RefObject } from 'react';

export function useWhenInView(
  ref: RefObject<Element | null>,
  inView: (() => (() => void) | void) | undefined,
  key: string,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !inView) return;
    let cleanup: (() => void) | void;
    if (typeof IntersectionObserver !== 'function') {
      cleanup = inView();
      return () => cleanup?.();
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        cleanup = inView();
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      cleanup?.();
    };
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per code, whatever the callback's identity
}
