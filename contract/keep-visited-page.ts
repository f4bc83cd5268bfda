// A module of its own: the light card and wedding pages send it without loading the page table.
/**
 * What a page sends the worker once it controls the page, so that a page opened once (the visit
 * that installed the worker) is kept for offline: the page, its public reads, its pictures.
 */
export const keepVisitedPageMessage = 'KEEP_VISITED_PAGE';

export interface KeepVisitedPage {
  type: typeof keepVisitedPageMessage;
  page: string;
  reads: string[];
  images: string[];
}
