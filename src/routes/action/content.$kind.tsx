import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { ContentScreen } from '../../features/content/content-screen';
import { NotFoundScreen } from '../../ui/not-found-screen';
import { contentKinds, type ContentKind } from '../../../contract/content-writes';

interface ContentSearch {
  brand?: string;
  item?: string;
  /** A picture another app shared, kept by the worker (sw/share-target.ts). */
  shared?: string;
}

export const Route = createFileRoute('/action/content/$kind')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'content' },
  validateSearch: (search: Record<string, unknown>): ContentSearch => ({
    ...(typeof search.brand === 'string' ? { brand: search.brand } : {}),
    ...(typeof search.item === 'string' ? { item: search.item } : {}),
    ...(typeof search.shared === 'string' ? { shared: search.shared } : {}),
  }),
  component: ContentRoute,
});

function ContentRoute() {
  const { kind } = Route.useParams();
  const { brand, item, shared } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The share is used up: the address no longer names it, so a reload does not offer it again.
  const sharedDone = useCallback(
    (next?: { brand?: string; item: 'new' }) =>
      void navigate({
        search: (prev) => next ?? { ...prev, shared: undefined },
        replace: true,
      }),
    [navigate],
  );
  if (!(contentKinds as readonly string[]).includes(kind)) return <NotFoundScreen />;
  return (
    <ContentScreen
      kind={kind as ContentKind}
      brandId={brand}
      item={item}
      sharedId={shared}
      onSharedDone={sharedDone}
      onOpen={(next) =>
        void navigate({ search: { ...(brand ? { brand } : {}), ...(next ? { item: next } : {}) } })
      }
    />
  );
}
