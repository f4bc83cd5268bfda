import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { ContentScreen } from '../../features/content/content-screen';
import { NotFoundScreen } from '../../ui/not-found-screen';
import { contentKinds, type ContentKind } from '../../../contract/content-writes';

interface ContentSearch {
  brand?: string;
  item?: string;
}

export const Route = createFileRoute('/action/content/$kind')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'content' },
  validateSearch: (search: Record<string, unknown>): ContentSearch => ({
    ...(typeof search.brand === 'string' ? { brand: search.brand } : {}),
    ...(typeof search.item === 'string' ? { item: search.item } : {}),
  }),
  component: ContentRoute,
});

function ContentRoute() {
  const { kind } = Route.useParams();
  const { brand, item } = Route.useSearch();
  const navigate = Route.useNavigate();
  if (!(contentKinds as readonly string[]).includes(kind)) return <NotFoundScreen />;
  return (
    <ContentScreen
      kind={kind as ContentKind}
      brandId={brand}
      item={item}
      onOpen={(next) =>
        void navigate({ search: { ...(brand ? { brand } : {}), ...(next ? { item: next } : {}) } })
      }
    />
  );
}
