// The item lists of a card: products, posts, activities and relics, as a preview on the
// profile (first items and "see all") or in full, grouped by type, on their own page.
import { Trans, useLingui } from '@lingui/react/macro';
import type {
  CardActivity,
  CardPost,
  CardProduct,
  CardRelic,
  CardView,
} from '../../../contract/card';
import { formatDate } from '../../../contract/format';
import { groupByType, useTypeLabels } from './card-labels';
import { Price } from './card-price';
import { cardPaths } from '../../../contract/card-paths';

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

export function ProductList({
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

export function PostList({
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

export function ActivityList({
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

export function RelicList({
  relics,
  view,
  more,
}: {
  relics: CardRelic[];
  view: CardView;
  more?: string;
}) {
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
