// The public wedding invitation (/wedding/{id}): server HTML that works with no script, themed
// with the owner's card theme; a small island sends the reply in place (decision 0931). Guests
// reply without login.
import { useLingui } from '@lingui/react/macro';
import { ThemeScope } from '../../ui/theme';
import { defaultMemberThemeCode, findTheme } from '../../../contract/theme';
import { weddingMomentText, type WeddingBank, type WeddingFamily } from '../../../contract/wedding';
import { WeddingBankQr } from './wedding-bank-qr';
import { RsvpForm } from './rsvp-form';
import type { WeddingPageData } from './wedding-page-data';

function Family({ title, role, family }: { title: string; role: string; family: WeddingFamily }) {
  const { t } = useLingui();
  return (
    <section className="wedding-page__family">
      <h2>{title}</h2>
      {family.father && (
        <p>
          {t`Ông`} {family.father}
        </p>
      )}
      {family.mother && (
        <p>
          {t`Bà`} {family.mother}
        </p>
      )}
      {family.address && <p className="wedding-page__address">{family.address}</p>}
      <p className="wedding-page__role">{role}</p>
      <p className="wedding-page__name">{family.name}</p>
    </section>
  );
}

/** A venue as a link to a map search: the visitor's tap, never a request of the page. */
function Venue({ venue }: { venue: string }) {
  const { t } = useLingui();
  const map = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(venue)}`;
  return (
    <p>
      {venue}
      <br />
      <a className="wedding-page__map" href={map} rel="noopener">
        {t`Xem bản đồ`}
      </a>
    </p>
  );
}

function Bank({
  title,
  bank,
  qrs,
}: {
  title: string;
  bank: WeddingBank;
  qrs: WeddingPageData['giftQrs'];
}) {
  return (
    <section className="wedding-page__bank">
      <h3>{title}</h3>
      <p>
        {bank.bankName}
        <br />
        <strong>{bank.accountNumber}</strong>
        <br />
        {bank.ownerName}
      </p>
      <WeddingBankQr bin={bank.bankBin} accountNumber={bank.accountNumber} drawn={qrs} />
    </section>
  );
}

export function WeddingPage({ data }: { data: WeddingPageData }) {
  const { t, i18n } = useLingui();
  const { wedding } = data;
  const lang = i18n.locale === 'en' ? 'en' : 'vi';
  const theme = findTheme(wedding.theme) ?? findTheme(defaultMemberThemeCode);
  return (
    <ThemeScope style={theme} as="main" className="wedding-page">
      <header className="wedding-page__header">
        <p className="wedding-page__kicker">{t`Thiệp cưới`}</p>
        <h1>
          {wedding.groomsFamily.name} <span aria-hidden="true">&amp;</span>
          <span className="wedding-page__and">{t`và`}</span> {wedding.bridesFamily.name}
        </h1>
        <p>{wedding.message ?? t`Trân trọng kính mời`}</p>
      </header>
      <div className="wedding-page__families">
        <Family title={t`Nhà trai`} role={t`Chú rể`} family={wedding.groomsFamily} />
        <Family title={t`Nhà gái`} role={t`Cô dâu`} family={wedding.bridesFamily} />
      </div>
      <section className="wedding-page__when">
        <h2>{t`Lễ thành hôn`}</h2>
        <p data-testid="wedding-day">{weddingMomentText(wedding.weddingDay, lang)}</p>
        {wedding.venue && <Venue venue={wedding.venue} />}
        <h2>{t`Tiệc cưới`}</h2>
        <p data-testid="wedding-party-day">{weddingMomentText(wedding.weddingPartyDay, lang)}</p>
        {wedding.partyVenue && <Venue venue={wedding.partyVenue} />}
      </section>
      {(wedding.groomsBank ?? wedding.bridesBank) && (
        <section className="wedding-page__banks">
          <h2>{t`Mừng cưới`}</h2>
          {wedding.groomsBank && (
            <Bank title={t`Nhà trai`} bank={wedding.groomsBank} qrs={data.giftQrs} />
          )}
          {wedding.bridesBank && (
            <Bank title={t`Nhà gái`} bank={wedding.bridesBank} qrs={data.giftQrs} />
          )}
        </section>
      )}
      <RsvpForm weddingId={wedding.id} reply={data.reply} />
    </ThemeScope>
  );
}
