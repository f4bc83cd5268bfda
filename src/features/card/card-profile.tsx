// A card's profile page: header and contacts, about, interests, company, bank accounts,
// links, videos, the first items of each list, and the QR code.
import { Trans, useLingui } from '@lingui/react/macro';
import type { CardActivity, CardOwner } from '../../../contract/card';
import { cardFacts, videoKey } from '../../../contract/card-facts';
import { ActivityList, PostList, ProductList, RelicList } from './card-lists';
import { ContactBlock, ProfileHeader } from './card-profile-header';
import { CardQr } from './card-qr';
import { cardPaths, type CardPageData } from '../../../contract/card-paths';
import { CopyButton } from './copy-button';
import { trackCard, trackedTap } from './card-tracking';
import { YoutubeLite } from './youtube-lite';
import { CardPosters } from './card-posters';
import { BankVietQr } from './bank-vietqr';

export function CardProfile({
  data,
  nameAs,
}: {
  data: CardPageData;
  /** 'h2' when the card is shown inside another screen, under that screen's title. */
  nameAs?: 'h1' | 'h2';
}) {
  const { view } = data;
  const { owner } = view;
  const { t } = useLingui();
  const paths = cardPaths(view);
  const facts = cardFacts(data);
  const youtubeActivities = view.activities.filter((a) => a.type === 'youtube' && a.link);
  // One block per video, however its link is written (youtu.be, watch?v=…).
  const videos = [...owner.videos, ...youtubeActivities.map((a) => a.link ?? '')].filter(
    (v, i, all) => v && all.findIndex((w) => videoKey(w) === videoKey(v)) === i,
  );
  const otherActivities = view.activities.filter((a) => a.type !== 'youtube');
  return (
    <article className="card-profile">
      <ProfileHeader owner={owner} facts={facts} isMe={view.isMe} nameAs={nameAs} />

      <ContactBlock owner={owner} facts={facts} />

      <CardPosters posters={view.posters} />

      {owner.aboutMe && (
        <section className="card-block card-about" aria-labelledby="about-title">
          <h2 id="about-title">
            {owner.kind === 'group' ? <Trans>Giới thiệu</Trans> : <Trans>Về tôi</Trans>}
          </h2>
          <p className="card-pre">{owner.aboutMe}</p>
        </section>
      )}

      <Chips title={t`Sở thích`} items={owner.interests} id="interests" />
      <Chips title={t`Lĩnh vực kinh doanh`} items={owner.businessSectors} id="sectors" />

      {owner.companyInfo && (
        <section className="card-block" aria-labelledby="company-title">
          <h2 id="company-title">
            <Trans>Thông tin công ty</Trans>
          </h2>
          <p className="card-pre">{owner.companyInfo}</p>
        </section>
      )}

      {facts.banks.length > 0 && (
        <section className="card-block" aria-labelledby="banks-title">
          <h2 id="banks-title">
            <Trans>Tài khoản ngân hàng</Trans>
          </h2>
          <ul className="card-banks">
            {facts.banks.map((bank) => (
              <li key={`${bank.bankName}-${bank.accountNumber}`} className="card-bank">
                <strong>{bank.bankName}</strong>
                <span>{bank.ownerName}</span>
                <span className="card-bank__number">
                  <code>{bank.accountNumber}</code>
                  <CopyButton
                    text={bank.accountNumber}
                    label={t`Sao chép số tài khoản ${bank.accountNumber}`}
                  />
                </span>
                {bank.vietQr ? (
                  <BankVietQr
                    payload={bank.vietQr}
                    drawn={data.qrs?.[bank.vietQr]}
                    accountNumber={bank.accountNumber}
                    bankName={bank.bankName}
                    onShown={() => trackCard(owner, 'vietqr_shown', bank.bankName)}
                  />
                ) : (
                  bank.qrUrl && (
                    <img
                      src={bank.qrUrl}
                      alt={t`Mã QR tài khoản ${bank.bankName}`}
                      width={160}
                      height={160}
                      loading="lazy"
                      decoding="async"
                    />
                  )
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {owner.links.length > 0 && (
        <section className="card-block" aria-labelledby="links-title">
          <h2 id="links-title">
            <Trans>Liên kết</Trans>
          </h2>
          <ul className="card-links">
            {owner.links.map((link) => (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  {...trackedTap(owner, 'link', link.url)}
                >
                  {link.title || link.url}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {videos.length > 0 && (
        <section className="card-block" aria-labelledby="videos-title">
          <h2 id="videos-title">
            <Trans>Video</Trans>
          </h2>
          <div className="card-videos">
            {videos.map((link) => (
              <YoutubeLite
                key={link}
                link={link}
                title={videoTitle(link, youtubeActivities, owner, videoKey)}
              />
            ))}
          </div>
        </section>
      )}

      <ProductList
        products={view.products.slice(0, 4)}
        view={view}
        title={t`Sản phẩm nổi bật`}
        more={paths.products}
      />
      <PostList posts={view.posts.slice(0, 4)} view={view} title={t`Bài viết`} more={paths.posts} />
      <ActivityList activities={otherActivities} view={view} more={paths.activities} />
      <RelicList relics={view.relics.slice(0, 4)} view={view} more={paths.relics} />

      <CardQr
        url={facts.qrLink}
        drawn={data.qrs?.[facts.qrLink]}
        name={owner.name}
        shownValue={owner.urlMinify || owner.id}
        onShown={() => trackCard(owner, 'qr_shown', owner.urlMinify || owner.id)}
      />
    </article>
  );
}

function videoTitle(
  link: string,
  activities: CardActivity[],
  owner: CardOwner,
  key: (link: string) => string,
): string {
  const match = activities.find((a) => a.link && key(a.link) === key(link));
  return match?.displayName ?? owner.videoTitles?.[link] ?? `${owner.name} — YouTube`;
}

function Chips({ title, items, id }: { title: string; items: string[]; id: string }) {
  if (items.length === 0) return null;
  return (
    <section className="card-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className="card-chips cluster">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
