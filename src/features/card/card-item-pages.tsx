// The pages under a card besides its profile: every product, post, activity or relic (the
// full lists) and the page of one item.
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '../../../contract/format';
import { youtubeId } from '../../../contract/youtube';
import { useTypeLabels } from './card-labels';
import { ActivityList, PostList, ProductList, RelicList } from './card-lists';
import { Price } from './card-price';
import type { CardPageData } from '../../../contract/card-paths';
import { YoutubeLite } from './youtube-lite';
import { CardPosters } from './card-posters';

export function CardItemPage({ data }: { data: CardPageData }) {
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
          <CardPosters posters={view.posters} viewTypes={['showroom']} />
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
          <CardPosters posters={view.posters} viewTypes={['posts']} />
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
          <CardPosters posters={view.posters} viewTypes={['activities']} />
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
