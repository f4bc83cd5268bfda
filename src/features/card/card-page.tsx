// A public card page (spec §2 profile family): the same components render on the server and
// hydrate in the browser, so nothing here may read the browser while rendering. This file is
// the page frame (menu, owner strip); the profile, the item lists and the item pages have
// their own files beside it.
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardView } from '../../../contract/card';
import { ThemeScope } from '../../ui/theme';
import { CardItemPage } from './card-item-pages';
import { CardProfile } from './card-profile';
import { ContactMe } from './contact-me';
import { cardPaths, type CardPageData } from '../../../contract/card-paths';
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
  const paths = cardPaths(view);
  // A visitor sees only the sections that have something in them; the owner sees all four,
  // to know where to add.
  const shown = (items: readonly unknown[]) => view.isMe || items.length > 0;
  return (
    <nav className="card-menu" aria-label={t`Mục của danh thiếp`}>
      <a href={paths.profile} className="card-menu__brand">
        m.e<span className="card-menu__brand-tail"> Cards</span>
      </a>
      {shown(view.products) && (
        <a href={paths.products}>
          <Trans>Sản phẩm</Trans>
        </a>
      )}
      {shown(view.posts) && (
        <a href={paths.posts}>
          <Trans>Bài viết</Trans>
        </a>
      )}
      {shown(view.activities) && (
        <a href={paths.activities}>
          <Trans>Hoạt động</Trans>
        </a>
      )}
      {shown(view.relics) && (
        <a href={paths.relics}>
          <Trans>Kỷ vật</Trans>
        </a>
      )}
    </nav>
  );
}

/**
 * A visitor's language: the `lang` cookie the server renders cards by, then the page again in
 * that language. Each language is named in itself.
 */
function CardLanguageSwitch() {
  const { i18n, t } = useLingui();
  const choose = (locale: 'vi' | 'en') => {
    if (i18n.locale === locale) return;
    writeCookie(cookieNames.lang, locale, { maxAgeSeconds: 365 * 24 * 3600 });
    window.location.reload();
  };
  return (
    <div className="card-menu__lang" role="group" aria-label={t`Ngôn ngữ`}>
      <button
        type="button"
        lang="vi"
        aria-label="Tiếng Việt"
        aria-pressed={i18n.locale !== 'en'}
        onClick={() => choose('vi')}
      >
        VI
      </button>
      <button
        type="button"
        lang="en"
        aria-label="English"
        aria-pressed={i18n.locale === 'en'}
        onClick={() => choose('en')}
      >
        EN
      </button>
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
