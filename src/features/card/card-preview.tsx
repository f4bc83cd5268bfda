// The member's own card as visitors will see it, drawn from the mirrored profile (works
// offline, follows unsaved edits in the editor): the home and the profile editor show it.
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { cardAccountsOf, type CardAccountFields } from '../../../contract/account-link';
import { appDb } from '../../db/app-db';
import type { CardPageData } from '../../../contract/card-paths';
import type { CardPoster, CardView } from '../../../contract/card';
import { runningPosters } from '../../../contract/content-writes';
import { vietnamToday } from '../../../contract/content';
import type { MirroredProfile } from '../../../contract/member';
import { chooseTheme } from '../../../contract/theme-choice';
import { memberCardPath } from '../../../contract/card-prefixes';
import { ThemeScope } from '../../ui/theme';
import { CardProfile } from './card-profile';
import { mergeCardMessages } from './card-i18n';
import './card.css';

/** The card view of the owner's profile: what the public card shows of it. */
export function ownCardView(
  profile: MirroredProfile,
  accounts: CardAccountFields,
  posters: CardPoster[] = [],
): CardView {
  const choice = chooseTheme({
    memberType: profile.type,
    themeCode: profile.theme,
    language: profile.language,
    hasAgency: profile.agencyId !== null,
    themeType: profile.themeType,
  });
  return {
    owner: {
      id: profile.id,
      kind: 'member',
      type: profile.type,
      name: profile.name,
      shortName: profile.shortName,
      urlMinify: profile.urlMinify,
      language: profile.language,
      intro: profile.intro,
      jobTitle: profile.jobTitle,
      workplace: profile.workplace,
      address: profile.address,
      aboutMe: profile.aboutMe,
      avatarUrl: profile.avatarUrl,
      bannerUrl: profile.bannerUrl,
      backgroundUrl: profile.backgroundUrl,
      // The card shows the contact phone and e-mail, never the login ones (decision 0108).
      phone: profile.contactPhone,
      otherPhone: profile.otherPhone,
      email: profile.contactEmail,
      website: profile.website,
      zalo: profile.zalo,
      interests: profile.interests,
      businessSectors: profile.businessSectors,
      companyInfo: profile.companyInfo,
      ...accounts,
      agencyId: profile.agencyId,
      updatedAt: profile.updatedAt,
    },
    theme: choice.theme,
    themeMode: choice.mode,
    lightGreyMenu: choice.lightGreyMenu,
    isMe: true,
    posts: [],
    products: [],
    activities: [],
    relics: [],
    posters,
  };
}

export function OwnCardPreview({ profile }: { profile: MirroredProfile }) {
  const { i18n, t } = useLingui();
  const [catalogLocale, setCatalogLocale] = useState<string | null>(null);
  useEffect(() => {
    const locale = i18n.locale;
    void mergeCardMessages(locale).then(() => setCatalogLocale(locale));
  }, [i18n.locale, i18n]);
  // Banks, links and videos are the account link rows mirrored on this device (decision 0630).
  const accountRows = useLiveQuery(
    () => appDb.accountLinks.where('memberId').equals(profile.id).toArray(),
    [profile.id],
  );
  // The posters mirrored on this device, as the public card shows them today (decision 0673).
  const posterRows = useLiveQuery(
    () => appDb.posters.where('memberId').equals(profile.id).toArray(),
    [profile.id],
  );
  if (catalogLocale !== i18n.locale || !accountRows || !posterRows) return null;
  const posters = runningPosters(posterRows, vietnamToday(new Date()));
  const view = ownCardView(profile, cardAccountsOf(accountRows), posters);
  const origin = window.location.origin;
  const cardUrl = `${origin}${memberCardPath(profile.urlMinify)}`;
  const data: CardPageData = {
    route: { kind: 'profile', base: 'me', key: profile.urlMinify, layout: 'classic' },
    view,
    cardUrl,
    pageUrl: cardUrl,
  };
  const square = view.themeMode === 'OrganizationSquareMode';
  return (
    <section className="own-card-preview" aria-label={t`Thẻ của bạn như khách xem`}>
      <ThemeScope
        style={view.theme}
        as="div"
        className={`card-page ${square ? 'card-page--square' : 'card-page--list'}`}
      >
        <div className="card-main">
          <CardProfile data={data} nameAs="h2" />
        </div>
      </ThemeScope>
    </section>
  );
}
