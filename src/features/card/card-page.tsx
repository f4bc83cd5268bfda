// A public card page (spec §2 profile family): the same components render on the server and
// hydrate in the browser, so nothing here may read the browser while rendering. This file is
// the page frame (menu, owner strip); the profile, the item lists and the item pages have
// their own files beside it.
import type { MouseEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CardView } from '../../../contract/card';
import { ThemeScope } from '../../ui/theme';
import { CardItemPage } from './card-item-pages';
import { CardProfile } from './card-profile';
import { ContactMe } from './contact-me';
import { cardLanguageParam, cardPaths, type CardPageData } from '../../../contract/card-paths';
import { sectionFacts, type SectionKey } from '../../../contract/card-facts';
import { cookieNames } from '../../../contract/cookie-names';
import { writeCookie } from '../../lib/cookies';
import './card.css';

export function CardPage({ data }: { data: CardPageData }) {
  const { view, route } = data;
  const square = view.themeMode === 'OrganizationSquareMode' || route.layout === 'new';
  const classes = [
    'card-page',
    route.layout === 'new' ? 'card-page--new' : '',
    square ? 'card-page--square' : 'card-page--list',
    view.lightGreyMenu ? 'card-page--grey-menu' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <ThemeScope style={view.theme} as="div" className={classes}>
      <CardMenu view={view} />
      <main className="card-main" id="card-main">
        <CardLanguageSwitch />
        {route.kind === 'profile' ? (
          <CardProfile data={data} />
        ) : (
          <>
            <OwnerStrip view={view} />
            <CardItemPage data={data} />
          </>
        )}
        <ContactMe owner={view.owner} isMe={view.isMe} />
      </main>
    </ThemeScope>
  );
}

function CardMenu({ view }: { view: CardView }) {
  const { t } = useLingui();
  const labels: Record<SectionKey, string> = {
    products: t`Sản phẩm`,
    posts: t`Bài viết`,
    activities: t`Hoạt động`,
    relics: t`Kỷ vật`,
  };
  // The section tabs are plain links: each section is a page the server renders.
  return (
    <nav className="card-menu" aria-label={t`Mục của danh thiếp`}>
      <a href={cardPaths(view).profile} className="card-menu__brand">
        m.e<span className="card-menu__brand-tail"> Cards</span>
      </a>
      {sectionFacts(view).map((section) => (
        <a key={section.key} href={section.href} data-section={section.key}>
          {labels[section.key]}
        </a>
      ))}
    </nav>
  );
}

/**
 * A visitor's language: the `lang` cookie the server renders cards by, then the page again in
 * that language. Each language is named in itself.
 */
function CardLanguageSwitch() {
  const { i18n, t } = useLingui();
  // Links, so the switch works with no script: the server sets the cookie and sends the page
  // back (server/ssr/card-pages.ts); with script, the cookie is written here and the page reloads.
  const choose = (event: MouseEvent, locale: 'vi' | 'en') => {
    event.preventDefault();
    if (i18n.locale === locale) return;
    writeCookie(cookieNames.lang, locale, { maxAgeSeconds: 365 * 24 * 3600 });
    window.location.reload();
  };
  const current = i18n.locale === 'en' ? 'en' : 'vi';
  return (
    <div className="card-menu__lang" role="group" aria-label={t`Ngôn ngữ`}>
      <a
        href={`?${cardLanguageParam}=vi`}
        hrefLang="vi"
        lang="vi"
        aria-label="Tiếng Việt"
        aria-current={current === 'vi' ? 'true' : undefined}
        data-lang="vi"
        onClick={(event) => choose(event, 'vi')}
      >
        VI
      </a>
      <a
        href={`?${cardLanguageParam}=en`}
        hrefLang="en"
        lang="en"
        aria-label="English"
        aria-current={current === 'en' ? 'true' : undefined}
        data-lang="en"
        onClick={(event) => choose(event, 'en')}
      >
        EN
      </a>
    </div>
  );
}

function OwnerStrip({ view }: { view: CardView }) {
  const { owner } = view;
  return (
    <a className="owner-strip" href={cardPaths(view).profile}>
      {owner.avatarUrl && (
        <img src={owner.avatarUrl} alt="" width={40} height={40} className="owner-strip__avatar" />
      )}
      <span>{owner.name}</span>
    </a>
  );
}
