// Phone-first layout rules (decision 0023), checked on a page as it is now: no sideways scroll,
// no visible control past the viewport's edges, none covered at its centre by another element
// (a fixed tab bar, a toast, a badge) once scrolled into view, none smaller than 24 px (WCAG
// 2.5.8), and one heading scale: an app screen's title at the page-title size, no heading of it
// larger. Runs inside the page in one evaluate: a few milliseconds, no screenshots.
import type { Page } from '@playwright/test';

export interface LayoutProblem {
  rule: 'sideways-scroll' | 'past-edge' | 'covered' | 'too-small' | 'heading-scale';
  target: string;
  detail: string;
}

/** Smallest tap target (WCAG 2.2 SC 2.5.8, AA). */
export const minimumTargetPx = 24;

export async function findLayoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate((minimum) => {
    const problems: {
      rule: 'sideways-scroll' | 'past-edge' | 'covered' | 'too-small' | 'heading-scale';
      target: string;
      detail: string;
    }[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const overflow = document.documentElement.scrollWidth - viewportWidth;
    if (overflow > 0) {
      // The widest elements explain it: name the first few that reach past the edge.
      const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > viewportWidth + 0.5)
        .filter((el) => getComputedStyle(el).position !== 'fixed')
        .filter(
          (el) =>
            !el.parentElement ||
            el.parentElement.getBoundingClientRect().right <= viewportWidth + 0.5,
        )
        .slice(0, 5)
        .map(describe);
      problems.push({
        rule: 'sideways-scroll',
        target: 'html',
        detail: `scrolls ${overflow}px sideways at ${viewportWidth}px; widest: ${culprits.join(', ')}`,
      });
    }

    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"]',
      ),
    ].filter(isShown);
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const absoluteLeft = box.left + window.scrollX;
      const absoluteRight = box.right + window.scrollX;
      // Inside a box that scrolls sideways on purpose (a tab strip, a table wrapper): the box
      // is what must fit, not each control in it.
      const pastEdge = absoluteLeft < -0.5 || absoluteRight > viewportWidth + 0.5;
      if (pastEdge && !insideSidewaysScroller(el)) {
        problems.push({
          rule: 'past-edge',
          target: describe(el),
          detail: `spans x ${Math.round(absoluteLeft)}…${Math.round(absoluteRight)} in a ${viewportWidth}px viewport`,
        });
        continue;
      }
      if (pastEdge) continue;
      // Inline links in running text are exempt from the size rule (WCAG 2.5.8 "inline").
      const inline = el.tagName === 'A' && getComputedStyle(el).display === 'inline';
      if (
        !inline &&
        !isVisuallyHiddenInput(el) &&
        (box.width < minimum - 0.5 || box.height < minimum - 0.5)
      ) {
        problems.push({
          rule: 'too-small',
          target: describe(el),
          detail: `${Math.round(box.width)}×${Math.round(box.height)}px`,
        });
      }
    }

    // Covered: scroll each control to the middle of the screen and ask what is on top there.
    const startX = window.scrollX;
    const startY = window.scrollY;
    for (const el of controls) {
      if (insideSidewaysScroller(el) || isVisuallyHiddenInput(el)) continue;
      if (el.closest('dialog:not([open]), [inert]')) continue;
      el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const x = Math.min(Math.max(box.left + box.width / 2, 0), viewportWidth - 1);
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (!top || el === top || el.contains(top) || top.contains(el) || labelOf(el) === top)
        continue;
      // A label wrapping its own input (custom checkboxes and file pickers) is the same control.
      if (top instanceof HTMLLabelElement && top.control === el) continue;
      // A toast passes: a live notice that goes by itself, not part of the layout.
      if (top.closest('[aria-live]') && !el.closest('[aria-live]')) continue;
      problems.push({
        rule: 'covered',
        target: describe(el),
        detail: `covered at its centre by ${describe(top)}`,
      });
    }
    window.scrollTo({ left: startX, top: startY, behavior: 'instant' });

    // One heading scale (base.css): an app screen's title is its only h1, at the page-title
    // size, and no h2 or h3 of the screen is larger. A card or page with a look of its own
    // (card-main) is not an app screen.
    const screen = document.querySelector('main.page, main.settings-screen');
    const title = screen?.querySelector<HTMLElement>('h1');
    if (screen && title && isShown(title)) {
      const probe = document.createElement('div');
      probe.style.fontSize = 'var(--text-page-title)';
      document.body.append(probe);
      const pageTitlePx = parseFloat(getComputedStyle(probe).fontSize);
      probe.remove();
      const titlePx = parseFloat(getComputedStyle(title).fontSize);
      if (Math.abs(titlePx - pageTitlePx) > 0.5) {
        problems.push({
          rule: 'heading-scale',
          target: describe(title),
          detail: `title is ${titlePx}px, the page-title size is ${pageTitlePx}px`,
        });
      }
      // One title: a card shown inside a screen (the home's preview) names its owner in an h2.
      const titles = [...document.querySelectorAll<HTMLElement>('h1')].filter(isShown);
      if (titles.length > 1) {
        problems.push({
          rule: 'heading-scale',
          target: titles.slice(1).map(describe).join(', '),
          detail: `${titles.length} level-1 headings; the screen's title is the only one`,
        });
      }
      for (const heading of screen.querySelectorAll<HTMLElement>('h2, h3')) {
        // A heading only for screen readers (visually-hidden) has no size anyone sees.
        const box = heading.getBoundingClientRect();
        if (!isShown(heading) || box.width <= 1 || box.height <= 1) continue;
        const px = parseFloat(getComputedStyle(heading).fontSize);
        if (px > titlePx + 0.5) {
          problems.push({
            rule: 'heading-scale',
            target: describe(heading),
            detail: `${px}px, larger than the screen's title (${titlePx}px)`,
          });
        }
      }
    }
    return problems;

    function isShown(el: HTMLElement): boolean {
      if (
        el.closest(
          '[hidden], [aria-hidden="true"], dialog:not([open]), details:not([open]) > :not(summary)',
        )
      ) {
        return false;
      }
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && el.checkVisibility({ opacityProperty: true });
    }
    function insideSidewaysScroller(el: HTMLElement): boolean {
      for (
        let parent = el.parentElement;
        parent && parent !== document.body;
        parent = parent.parentElement
      ) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    }
    /** A native input hidden under its own styled label (file pickers, switches). */
    function isVisuallyHiddenInput(el: HTMLElement): boolean {
      if (!(el instanceof HTMLInputElement)) return false;
      const box = el.getBoundingClientRect();
      return (box.width <= 1 || box.height <= 1) && el.labels !== null && el.labels.length > 0;
    }
    function labelOf(el: HTMLElement): Element | null {
      return el instanceof HTMLInputElement && el.labels?.length ? (el.labels[0] ?? null) : null;
    }
    function describe(el: Element): string {
      const id = el.id ? `#${el.id}` : '';
      const classes = [...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('');
      const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
    }
  }, minimumTargetPx);
}
