// The running posters of a card (spec §3/§4, decision 0673): pictures in a row that scrolls
// sideways on a phone. Plain markup, no script: the card page stays light.
import { useLingui } from '@lingui/react/macro';
import type { CardPoster } from '../../../contract/card';
import type { PosterViewType } from '../../../contract/content';

/** The posters of the given view types; nothing when there is none. */
export function CardPosters({
  posters,
  viewTypes,
}: {
  posters: readonly CardPoster[];
  /** Which posters this part of the card shows; all when absent. */
  viewTypes?: readonly PosterViewType[];
}) {
  const { t } = useLingui();
  const shown = posters.filter((p) => !viewTypes || viewTypes.includes(p.viewType));
  const pictures = shown.flatMap((poster) =>
    poster.images.map((src, index) => ({ key: `${poster.id}-${index}`, src })),
  );
  if (pictures.length === 0) return null;
  return (
    <section className="card-posters" aria-label={t`Poster`}>
      {/* Focusable: a row wider than the screen scrolls with the keyboard too. */}
      <ul className="card-posters__list" tabIndex={0}>
        {pictures.map((picture, index) => (
          <li key={picture.key} className="card-posters__item">
            <img
              src={picture.src}
              alt={t`Poster ${index + 1}`}
              width={1024}
              height={1024}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
