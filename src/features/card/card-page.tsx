// A public card page (spec §2 profile family): the same components render on the server and
// hydrate in the browser, so nothing here may read the browser while rendering.
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  CardActivity,
  CardOwner,
  CardPost,
  CardProduct,
  CardRelic,
  CardView,
} from '../../../contract/card';
import { formatDate, formatVnd } from '../../lib/format';
import { youtubeId } from '../../lib/youtube';
import { ThemeScope } from '../../ui/theme';
import { CardActions } from './card-actions';
import { groupByType, useTypeLabels } from './card-labels';
import { CardQr } from './card-qr';
import { cardPaths, type CardPageData } from './card-route';
import { CopyButton } from './copy-button';
import { trackCard } from './card-tracking';
import { YoutubeLite } from './youtube-lite';
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
        {route.kind === 'profile' ? (
          <Profile data={data} />
        ) : (
          <>
            <OwnerStrip view={view} />
            <SubPage data={data} />
          </>
        )}
      </main>
    </ThemeScope>
  );
}

function CardMenu({ view }: { view: CardView }) {
  const { t } = useLingui();
  const paths = cardPaths(view);
  return (
    <nav className="card-menu" aria-label={t`Mục của danh thiếp`}>
      <a href={paths.profile} className="card-menu__brand">
        m.e Cards
      </a>
      <a href={paths.products}>
        <Trans>Sản phẩm</Trans>
      </a>
      <a href={paths.posts}>
        <Trans>Bài viết</Trans>
      </a>
      <a href={paths.activities}>
        <Trans>Hoạt động</Trans>
      </a>
      <a href={paths.relics}>
        <Trans>Kỷ vật</Trans>
      </a>
    </nav>
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

function Profile({ data }: { data: CardPageData }) {
  const { view, cardUrl } = data;
  const { owner } = view;
  const { t } = useLingui();
  const paths = cardPaths(view);
  const youtubeActivities = view.activities.filter((a) => a.type === 'youtube' && a.link);
  // One block per video, however its link is written (youtu.be, watch?v=…).
  const videoKey = (link: string) => youtubeId(link) ?? link;
  const videos = [...owner.videos, ...youtubeActivities.map((a) => a.link ?? '')].filter(
    (v, i, all) => v && all.findIndex((w) => videoKey(w) === videoKey(v)) === i,
  );
  const otherActivities = view.activities.filter((a) => a.type !== 'youtube');
  return (
    <article className="card-profile">
      <header
        className="card-hero"
        style={
          owner.backgroundUrl && /^(https?:\/\/|\/)/i.test(owner.backgroundUrl)
            ? { backgroundImage: `url("${cssUrl(owner.backgroundUrl)}")` }
            : {}
        }
      >
        <div className="card-hero__banner">
          {owner.bannerUrl && (
            <img src={owner.bannerUrl} alt="" width={960} height={320} fetchPriority="high" />
          )}
        </div>
        <div className="card-hero__identity">
          {owner.avatarUrl ? (
            <img
              className="card-hero__avatar"
              src={owner.avatarUrl}
              alt={t`Ảnh đại diện của ${owner.name}`}
              width={112}
              height={112}
            />
          ) : (
            <span className="card-hero__avatar card-hero__avatar--empty" aria-hidden="true">
              {owner.name.slice(0, 1)}
            </span>
          )}
          <h1 className="card-hero__name">{owner.name}</h1>
          {owner.shortName && <p className="card-hero__short">{owner.shortName}</p>}
          {(owner.jobTitle || owner.workplace) && (
            <p className="card-hero__job">
              {[owner.jobTitle, owner.workplace].filter(Boolean).join(' · ')}
            </p>
          )}
          {owner.intro && <p className="card-hero__intro">{owner.intro}</p>}
        </div>
        <CardActions owner={owner} cardUrl={cardUrl} isMe={view.isMe} />
      </header>

      <ContactBlock owner={owner} />

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

      {owner.banks.length > 0 && (
        <section className="card-block" aria-labelledby="banks-title">
          <h2 id="banks-title">
            <Trans>Tài khoản ngân hàng</Trans>
          </h2>
          <ul className="card-banks">
            {owner.banks.map((bank) => (
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
                {bank.qrUrl && (
                  <img
                    src={bank.qrUrl}
                    alt={t`Mã QR tài khoản ${bank.bankName}`}
                    width={160}
                    height={160}
                    loading="lazy"
                    decoding="async"
                  />
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
                  onClick={() => trackCard(owner, 'link', link.url)}
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

      <CardQr url={qrLink(owner, cardUrl)} name={owner.name} />
    </article>
  );
}

/**
 * What the card's QR code carries. A member's is `{origin}/me/{id}` (as cardLinkOf in
 * src/lib/qr.ts, not imported here to keep zxing out of the first load): staff scanning it
 * at a booth get the member id with no network (docs/decisions/0301).
 */
function qrLink(owner: CardOwner, cardUrl: string): string {
  return owner.kind === 'member' ? `${new URL(cardUrl).origin}/me/${owner.id}` : cardUrl;
}

function videoTitle(
  link: string,
  activities: CardActivity[],
  owner: CardOwner,
  key: (link: string) => string,
): string {
  const match = activities.find((a) => a.link && key(a.link) === key(link));
  return match?.displayName ?? `${owner.name} — YouTube`;
}

/** A URL inside CSS url("…"): quotes and backslashes could end it, so they are escaped. */
function cssUrl(url: string): string {
  return url.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `);
}

function ContactBlock({ owner }: { owner: CardOwner }) {
  const { t } = useLingui();
  const rows: { key: string; label: string; text: string; href?: string; external?: boolean }[] =
    [];
  if (owner.phone)
    rows.push({
      key: 'phone',
      label: t`Điện thoại`,
      text: owner.phone,
      href: `tel:${tel(owner.phone)}`,
    });
  if (owner.otherPhone)
    rows.push({
      key: 'other',
      label: t`Điện thoại khác`,
      text: owner.otherPhone,
      href: `tel:${tel(owner.otherPhone)}`,
    });
  if (owner.email)
    rows.push({ key: 'email', label: t`Email`, text: owner.email, href: `mailto:${owner.email}` });
  if (owner.website && /^https?:\/\//i.test(owner.website))
    rows.push({
      key: 'web',
      label: t`Trang web`,
      text: owner.website.replace(/^https?:\/\//i, ''),
      href: owner.website,
      external: true,
    });
  if (owner.zalo)
    rows.push({
      key: 'zalo',
      label: t`Zalo`,
      text: owner.zalo,
      href: `https://zalo.me/${encodeURIComponent(tel(owner.zalo))}`,
      external: true,
    });
  if (owner.address) rows.push({ key: 'address', label: t`Địa chỉ`, text: owner.address });
  if (rows.length === 0) return null;
  return (
    <section className="card-block card-contact" aria-labelledby="contact-title">
      <h2 id="contact-title">
        <Trans>Liên hệ</Trans>
      </h2>
      <dl>
        {rows.map((row) => (
          <div key={row.key} className="card-contact__row">
            <dt>{row.label}</dt>
            <dd>
              {row.href ? (
                <a
                  href={row.href}
                  {...(row.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  onClick={() => trackCard(owner, `tap_${row.key}`, row.text)}
                >
                  {row.text}
                </a>
              ) : (
                row.text
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const tel = (phone: string) => phone.replace(/[^\d+]/g, '');

function Chips({ title, items, id }: { title: string; items: string[]; id: string }) {
  if (items.length === 0) return null;
  return (
    <section className="card-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className="card-chips">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

function SectionHead({ title, more, id }: { title: string; more?: string; id: string }) {
  return (
    <div className="card-section-head">
      <h2 id={id}>{title}</h2>
      {more && (
        <a href={more} className="card-more">
          <Trans>Xem tất cả</Trans>
        </a>
      )}
    </div>
  );
}

function Price({ product }: { product: CardProduct }) {
  if (product.price === null && product.listedPrice === null) return null;
  const sale =
    product.listedPrice !== null && product.price !== null && product.listedPrice > product.price;
  return (
    <p className="card-price">
      {product.price !== null && <strong>{formatVnd(product.price)}</strong>}
      {sale && product.listedPrice !== null && (
        <s className="card-price__listed">{formatVnd(product.listedPrice)}</s>
      )}
      {product.price === null && product.listedPrice !== null && (
        <strong>{formatVnd(product.listedPrice)}</strong>
      )}
    </p>
  );
}

function ProductList({
  products,
  view,
  title,
  more,
  byType,
}: {
  products: CardProduct[];
  view: CardView;
  title: string;
  more?: string;
  byType?: boolean;
}) {
  const labels = useTypeLabels();
  const { t } = useLingui();
  if (products.length === 0) return null;
  const groups = byType ? groupByType(products) : [['', products] as [string, CardProduct[]]];
  return (
    <section className="card-block" aria-labelledby="products-title">
      <SectionHead title={title} more={more} id="products-title" />
      {groups.map(([type, items]) => (
        <div key={type || 'all'}>
          {type && <h3>{labels.product[type] ?? type}</h3>}
          <ul className="card-grid">
            {items.map((p) => (
              <li key={p.id} className="card-tile">
                <a href={cardPaths(view).product(p.id)}>
                  {p.images[0] && (
                    <img
                      src={p.images[0]}
                      alt=""
                      width={320}
                      height={240}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                  <span className="card-tile__type">{labels.product[p.type] ?? p.type}</span>
                  <strong className="card-tile__title">{p.title}</strong>
                </a>
                <Price product={p} />
                {p.outstanding && <span className="card-badge">{t`Nổi bật`}</span>}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function PostList({
  posts,
  view,
  title,
  more,
  byType,
}: {
  posts: CardPost[];
  view: CardView;
  title: string;
  more?: string;
  byType?: boolean;
}) {
  const labels = useTypeLabels();
  if (posts.length === 0) return null;
  const groups = byType ? groupByType(posts) : [['', posts] as [string, CardPost[]]];
  return (
    <section className="card-block" aria-labelledby="posts-title">
      <SectionHead title={title} more={more} id="posts-title" />
      {groups.map(([type, items]) => (
        <div key={type || 'all'}>
          {type && <h3>{labels.post[type] ?? type}</h3>}
          <ul className="card-list">
            {items.map((p) => (
              <li key={p.id}>
                <a href={cardPaths(view).post(p.id)} className="card-list__item">
                  <span className="card-tile__type">{labels.post[p.type] ?? p.type}</span>
                  <strong>{p.title}</strong>
                  {p.startDate && <time dateTime={p.startDate}>{formatDate(p.startDate)}</time>}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function ActivityList({
  activities,
  view,
  more,
}: {
  activities: CardActivity[];
  view: CardView;
  more?: string;
}) {
  const labels = useTypeLabels();
  const { t } = useLingui();
  if (activities.length === 0) return null;
  return (
    <section className="card-block" aria-labelledby="activities-title">
      <SectionHead title={t`Hoạt động`} more={more} id="activities-title" />
      {groupByType(activities).map(([type, items]) => (
        <div key={type}>
          <h3>{labels.activity[type] ?? type}</h3>
          <ul className="card-list">
            {items.map((a) => (
              <li key={a.id}>
                <a href={cardPaths(view).activity(a.id)} className="card-list__item">
                  {a.displayName}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function RelicList({ relics, view, more }: { relics: CardRelic[]; view: CardView; more?: string }) {
  const { t } = useLingui();
  if (relics.length === 0) return null;
  return (
    <section className="card-block" aria-labelledby="relics-title">
      <SectionHead title={t`Kỷ vật`} more={more} id="relics-title" />
      <ul className="card-list">
        {relics.map((r) => (
          <li key={r.id}>
            <a href={cardPaths(view).relic(r.id)} className="card-list__item">
              <strong>{r.title}</strong>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SubPage({ data }: { data: CardPageData }) {
  const { view, route } = data;
  const { t } = useLingui();
  const labels = useTypeLabels();
  switch (route.kind) {
    case 'products':
      return (
        <>
          <h1 className="card-page-title">
            <Trans>Phòng trưng bày</Trans>
          </h1>
          <ProductList products={view.products} view={view} title={t`Sản phẩm`} byType />
          {view.products.length === 0 && <Empty />}
        </>
      );
    case 'posts':
      return (
        <>
          <h1 className="card-page-title">
            <Trans>Bài viết</Trans>
          </h1>
          <PostList posts={view.posts} view={view} title={t`Tất cả bài viết`} byType />
          {view.posts.length === 0 && <Empty />}
        </>
      );
    case 'activities':
      return (
        <>
          <h1 className="card-page-title">
            <Trans>Tất cả hoạt động</Trans>
          </h1>
          <ActivityList activities={view.activities} view={view} />
          {view.activities.length === 0 && <Empty />}
        </>
      );
    case 'relics':
      return (
        <>
          <h1 className="card-page-title">
            <Trans>Kỷ vật</Trans>
          </h1>
          <RelicList relics={view.relics} view={view} />
          {view.relics.length === 0 && <Empty />}
        </>
      );
    case 'product': {
      const p = view.products.find((x) => x.id === route.key);
      if (!p) return <Empty />;
      return (
        <article className="card-block card-detail">
          <p className="card-tile__type">
            {labels.product[p.type] ?? p.type} · {p.childType}
          </p>
          <h1>{p.title}</h1>
          {p.images.map((src) => (
            <img
              key={src}
              src={src}
              alt=""
              width={640}
              height={480}
              loading="lazy"
              decoding="async"
            />
          ))}
          <Price product={p} />
          <p className="card-pre">{p.content}</p>
          <dl className="card-facts">
            {p.quantity !== null && <Fact label={t`Số lượng`} value={String(p.quantity)} />}
            {p.origin && <Fact label={t`Xuất xứ`} value={p.origin} />}
            {p.customsCode && <Fact label={t`Mã HS`} value={p.customsCode} />}
            {p.certificate && <Fact label={t`Chứng nhận`} value={p.certificate} />}
            {p.childCareer && <Fact label={t`Ngành`} value={p.childCareer} />}
          </dl>
          {p.shopLink && /^https?:\/\//i.test(p.shopLink) && (
            <a className="button" href={p.shopLink} target="_blank" rel="noopener noreferrer">
              <Trans>Mua tại cửa hàng</Trans>
            </a>
          )}
          {p.contactUrl && /^https?:\/\//i.test(p.contactUrl) && (
            <a
              className="button button--ghost"
              href={p.contactUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Trans>Liên hệ</Trans>
            </a>
          )}
        </article>
      );
    }
    case 'post': {
      const p = view.posts.find((x) => x.id === route.key);
      if (!p) return <Empty />;
      return (
        <article className="card-block card-detail">
          <p className="card-tile__type">{labels.post[p.type] ?? p.type}</p>
          <h1>{p.title}</h1>
          {p.startDate && <time dateTime={p.startDate}>{formatDate(p.startDate)}</time>}
          {p.imageUrl && (
            <img src={p.imageUrl} alt="" width={640} height={360} loading="lazy" decoding="async" />
          )}
          <p className="card-pre">{p.content}</p>
        </article>
      );
    }
    case 'activity': {
      const a = view.activities.find((x) => x.id === route.key);
      if (!a) return <Empty />;
      const video = a.link ? youtubeId(a.link) : null;
      return (
        <article className="card-block card-detail">
          <p className="card-tile__type">{labels.activity[a.type] ?? a.type}</p>
          <h1>{a.displayName}</h1>
          {a.content && <p className="card-pre">{a.content}</p>}
          {a.link && video && <YoutubeLite link={a.link} title={a.displayName} />}
          {a.link && !video && /^https?:\/\//i.test(a.link) && (
            <a href={a.link} target="_blank" rel="noopener noreferrer">
              {a.link}
            </a>
          )}
        </article>
      );
    }
    case 'relic': {
      const r = view.relics.find((x) => x.id === route.key);
      if (!r) return <Empty />;
      return (
        <article className="card-block card-detail">
          <h1>{r.title}</h1>
          {r.images.map((src) => (
            <img
              key={src}
              src={src}
              alt=""
              width={640}
              height={480}
              loading="lazy"
              decoding="async"
            />
          ))}
          <p className="card-pre">{r.content}</p>
        </article>
      );
    }
    default:
      return null;
  }
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function Empty() {
  return (
    <p className="card-empty">
      <Trans>Chưa có nội dung</Trans>
    </p>
  );
}
