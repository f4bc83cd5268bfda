import { useEffect } from 'react';

export const titleSuffix = ' - m.e Cards';
/** Spec §2: the default title and description. */
export const defaultTitle = 'm.e cards';
export const defaultDescription = 'Smart name card';

/** The document title of a screen: its own title plus the product suffix (spec §1). */
export function pageTitle(title: string | undefined): string {
  return title ? `${title}${titleSuffix}` : defaultTitle;
}

/**
 * Sets the document title while the screen is shown; leaving it restores the default, so a
 * screen without a title never keeps the previous screen's. `exact` skips the suffix.
 */
export function usePageTitle(title: string | undefined, { exact = false } = {}): void {
  useEffect(() => {
    document.title = exact && title ? title : pageTitle(title);
    return () => {
      document.title = defaultTitle;
    };
  }, [title, exact]);
}
