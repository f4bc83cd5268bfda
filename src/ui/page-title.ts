import { useEffect } from 'react';

export const titleSuffix = ' - m.e Cards';

/** Sets the document title with the product suffix (spec §1). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title}${titleSuffix}`;
  }, [title]);
}
