// /cv/{link or id} for a visitor (issue 26): a public CV as server HTML from its own light page
// (cv-visitor.html: the CV's CSS inlined, one small script that only registers the service
// worker and has it keep the CV's read, so the installed app opens it offline). Everything a
// visitor does there is plain HTML: read it, write or call through its links. A member (the
// login cookie) gets the app as before: their own CV comes from the device, a friend's may be
// friends-only. Without the SSR bundle or the template (an older build), the app as before too.
import { cookieLocale, cookieNames } from '../../contract/cookie-names';
import type { CvDocument } from '../../contract/cv';
import { titleSuffix } from '../../contract/share-text';
import type { AppDeps } from '../http/env';
import { ApiError } from '../http/errors';
import { visibleCv } from '../domain/cv';
import { fillTemplate } from './card-pages';
import { pageTemplate, ssrExport } from './page-parts';

type CvRenderer = (cv: CvDocument, locale: 'vi' | 'en') => string;

const cvPath = /^\/cv\/([^/]{1,200})$/i;

function loggedIn(cookie: string): boolean {
  return new RegExp(`(?:^|;\\s*)${cookieNames.isLoggedIn}=true\\b`).test(cookie);
}

export function cvVisitorPages(deps: AppDeps) {
  const readTemplate = pageTemplate(deps, 'cv-visitor.html');
  const loadRenderer = ssrExport<CvRenderer>(deps, 'renderCvPage');

  return {
    /** Whether the answer for this path depends on the cookies. */
    rendersOn: (pathname: string) => cvPath.test(pathname),
    /**
     * The visitor's page of a public CV, or undefined: not a CV path, a member, a CV this
     * visitor may not see (the app answers its 404), or no renderer.
     */
    async page(pathname: string, cookie: string): Promise<string | undefined> {
      const key = cvPath.exec(pathname)?.[1];
      if (!key || loggedIn(cookie)) return undefined;
      const page = readTemplate();
      const render = page ? await loadRenderer() : undefined;
      if (!page || !render) return undefined;
      let cv: CvDocument;
      try {
        cv = await visibleCv(deps.database.db, undefined, decodeURIComponent(key));
      } catch (error) {
        if (error instanceof ApiError || error instanceof URIError) return undefined;
        throw error;
      }
      const locale = cookieLocale(cookie) ?? 'vi';
      let html: string;
      try {
        html = render(cv, locale);
      } catch (error) {
        deps.logger.error('cv render failed', { error: String(error) });
        return undefined;
      }
      const origin = deps.config.publicOrigin;
      const meta = {
        title: `CV — ${cv.name}${titleSuffix}`,
        description: cv.jobTitle ?? cv.name,
        image: cv.avatarUrl ? new URL(cv.avatarUrl, origin).href : `${origin}/icons/icon-512.png`,
        url: `${origin}${pathname}`,
      };
      return fillTemplate(page, { meta, html, locale });
    },
  };
}
