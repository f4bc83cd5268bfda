// The visitor page's only script (decision 0403): the card is plain server HTML that works
// with none; this adds what needs one — the phone's share sheet, copy buttons, the notice for
// in-app browsers that cannot save a file, the video player on tap, the contact-me form (with
// its offline queue) on demand, the view and tap counts, and the service worker for offline
// visits. No React here: the form and its framework load only when the visitor opens it.
import { cardIslandDataId, type CardIslandData } from '../../contract/card-island';
import { youtubeEmbed } from '../../contract/youtube';
import { trackCard } from '../features/card/card-tracking';
import { reactToCardRoute } from '../features/card/card-navigation';
import { isInAppBrowser } from '../lib/in-app-browser';
import { startServiceWorkerAfterLoad } from '../sw-start';
import '../ui/base.css';
import '../features/card/card.css';

function readData(): CardIslandData | null {
  const script = document.getElementById(cardIslandDataId);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as CardIslandData;
  } catch {
    return null;
  }
}

function showNotice(kind: 'in-app' | 'no-share'): void {
  for (const box of document.querySelectorAll<HTMLElement>('[data-card-notice]')) {
    box.hidden = box.dataset.cardNotice !== kind;
  }
}

async function share(data: CardIslandData, url: string): Promise<boolean> {
  trackCard(data.owner, 'share', url);
  if (typeof navigator.share !== 'function') {
    showNotice('no-share');
    return false;
  }
  try {
    await navigator.share({ title: data.owner.name, url });
  } catch {
    // The visitor closed the share sheet.
  }
  return true;
}

async function copy(button: HTMLButtonElement): Promise<void> {
  const text = button.dataset.copy ?? '';
  try {
    await navigator.clipboard.writeText(text);
    const before = button.textContent;
    button.textContent = button.dataset.copied ?? before;
    setTimeout(() => (button.textContent = before), 2000);
  } catch {
    window.prompt(button.getAttribute('aria-label') ?? '', text);
  }
}

function play(link: HTMLAnchorElement): void {
  const id = link.dataset.videoId;
  if (!id) return;
  const player = document.createElement('iframe');
  player.className = 'yt-lite yt-lite--player';
  player.src = youtubeEmbed(id);
  player.title = link.dataset.videoTitle ?? '';
  player.allow = 'accelerometer; autoplay; encrypted-media; picture-in-picture';
  player.allowFullscreen = true;
  link.replaceWith(player);
}

function openContactForm(data: CardIslandData, button: HTMLButtonElement): void {
  const section = button.closest<HTMLElement>('[data-contact-me]');
  if (!section || button.disabled) return;
  button.disabled = true;
  void import('./card-island-contact-me')
    .then(({ mountContactMeForm }) => mountContactMeForm(section, button, data.owner))
    .catch(() => {
      button.disabled = false;
    });
}

function onClick(data: CardIslandData, event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  if (!target) return;
  const tracked = target.closest<HTMLElement>('[data-track]');
  if (tracked) trackCard(data.owner, tracked.dataset.track ?? '', tracked.dataset.trackValue);

  const save = target.closest('[data-card-save]');
  if (save) {
    trackCard(data.owner, 'save_contact', data.owner.urlMinify);
    if (isInAppBrowser(navigator.userAgent)) {
      event.preventDefault();
      showNotice('in-app');
    }
    return;
  }
  const shareLink = target.closest<HTMLAnchorElement>('[data-card-share]');
  if (shareLink) {
    // With no share sheet the link still leads to the card's QR code and address.
    const url = shareLink.dataset.cardShare ?? data.cardUrl;
    if (typeof navigator.share === 'function') event.preventDefault();
    void share(data, url);
    return;
  }
  const copyButton = target.closest<HTMLButtonElement>('button[data-copy]');
  if (copyButton) {
    void copy(copyButton);
    return;
  }
  const video = target.closest<HTMLAnchorElement>('a[data-video-id]');
  if (video) {
    event.preventDefault();
    play(video);
    return;
  }
  const contact = target.closest<HTMLButtonElement>('button[data-contact-me-open]');
  if (contact) openContactForm(data, contact);
}

/** Counts each server-drawn QR code once, when it comes into view. */
function countShownCodes(data: CardIslandData): void {
  const codes = document.querySelectorAll<HTMLElement>('[data-track-shown]');
  if (codes.length === 0 || typeof IntersectionObserver !== 'function') return;
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer.unobserve(entry.target);
      const code = entry.target as HTMLElement;
      trackCard(data.owner, code.dataset.trackShown ?? '', code.dataset.trackValue);
    }
  });
  for (const code of codes) observer.observe(code);
}

function boot(): void {
  const data = readData();
  if (!data) return;
  if (reactToCardRoute(data.route, data.owner)) return;
  document.addEventListener('click', (event) => onClick(data, event));
  countShownCodes(data);
  if (data.route.kind === 'profile') trackCard(data.owner, 'view', data.pageUrl);
  startServiceWorkerAfterLoad({ updatePrompt: false });
}

boot();
