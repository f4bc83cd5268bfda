// The visitor's CV page script (server/ssr/cv-pages.ts): the CV is server HTML that needs no
// script; this only registers the service worker and has it keep the CV's public read, so that
// the installed app (which draws /cv/… from the app shell) opens this CV offline too.
import { startServiceWorkerAfterLoad } from '../sw-start';
import '../ui/base.css';
import '../features/cv/cv.css';

const key = /^\/cv\/([^/]+)$/.exec(window.location.pathname)?.[1];
startServiceWorkerAfterLoad({
  updatePrompt: false,
  reads: key ? [`/api/cv/getCvByMemberId/${key}`] : [],
});
