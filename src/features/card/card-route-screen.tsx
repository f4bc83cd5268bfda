// A card page opened inside the app (the router, not the light entry): the same CardPage,
// its data through TanStack Query. A card that does not exist sends the visitor to /404; with
// no network, a card on this device (the own card, a saved one) opens from it, any other says
// it opens when the connection is back (decision 1060).
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NetworkError } from '../../api/http-client';
import { QueryScope } from '../../api/query-client';
import { usePageTitle } from '../../ui/page-title';
import { Spinner } from '../../ui/spinner';
import { OfflinePageScreen } from '../../ui/offline-page-screen';
import { CardPage } from './card-page';
import { loadCardPageData } from './card-data-client';
import { reactToCardRoute } from './card-navigation';
import { parseCardPath } from '../../../contract/card-paths';
import { pageRouteOf } from '../../../contract/page-routes';
import { mergeCardMessages } from './card-i18n';

export function CardRouteScreen() {
  return (
    <QueryScope>
      <CardRouteContent />
    </QueryScope>
  );
}

function CardRouteContent() {
  const { t, i18n } = useLingui();
  const [catalogLocale, setCatalogLocale] = useState<string | null>(null);
  useEffect(() => {
    const locale = i18n.locale;
    void mergeCardMessages(locale).then(() => setCatalogLocale(locale));
  }, [i18n.locale, i18n]);
  const pathname = useLocation({ select: (l) => l.pathname });
  const navigate = useNavigate();
  const route = parseCardPath(pathname);
  const query = useQuery({
    queryKey: ['card-page', pathname],
    queryFn: async () => {
      try {
        return await loadCardPageData(route!, window.location.origin, pathname);
      } catch (error) {
        // No network: the own card or a card saved to the phonebook opens from this device.
        if (!(error instanceof NetworkError)) throw error;
        const { ownCardPage, savedCardPage } = await import('./saved-card-offline');
        const origin = window.location.origin;
        const kept =
          (await ownCardPage(route!, origin, pathname)) ??
          (await savedCardPage(route!, origin, pathname));
        if (!kept) throw error;
        return kept;
      }
    },
    enabled: route !== null,
    retry: false,
  });
  const offline = query.error instanceof NetworkError;
  // Leaving for another screen, the router draws this one once more with the new address: only
  // an address that is still a card's can be a card that does not exist.
  const leaving = !isCardAddress(pathname);
  const failed = !leaving && (route === null || (query.isError && !offline));
  useEffect(() => {
    if (failed) void navigate({ to: '/404', replace: true });
  }, [failed, navigate]);
  useEffect(() => {
    if (query.data) reactToCardRoute(query.data.route, query.data.view.owner);
  }, [query.data]);
  const name = query.data?.view.owner.name;
  usePageTitle(name ? t`Xem hồ sơ ${name}` : t`Danh thiếp`);
  if (leaving) return null;
  if (offline) return <OfflinePageScreen onRetry={() => void query.refetch()} />;
  if (!query.data || catalogLocale !== i18n.locale) return <Spinner />;
  return <CardPage data={query.data} />;
}

function isCardAddress(pathname: string): boolean {
  const route = pageRouteOf(pathname);
  return route?.servedBy === 'server' && route.renderer === 'card';
}
