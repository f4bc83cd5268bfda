// The status of the client-rendered /cv/{link or id} page (decision 0711): the page itself is the
// app shell, but a member without a public CV answers 404 so that links to it read as missing.
// A document request carries no access token, so a friends-only or private CV answers 404
// here too; the app still shows it to its owner and (friends-only) to their friends.
import { hasPublicCv, type CvReadDatabase } from '../domain/cv';

const cvPath = /^\/cv\/([^/]{1,200})$/i;

/** 404 for a CV path whose member has no public CV; 200 for every other app path. */
export async function appPageStatus(db: CvReadDatabase, pathname: string): Promise<200 | 404> {
  if (!/^\/cv\//i.test(pathname)) return 200;
  const key = cvPath.exec(pathname)?.[1];
  if (!key) return 404;
  let idOrLink: string;
  try {
    idOrLink = decodeURIComponent(key);
  } catch {
    return 404;
  }
  return (await hasPublicCv(db, idOrLink)) ? 200 : 404;
}
