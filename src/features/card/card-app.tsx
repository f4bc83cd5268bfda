// The card page with its toasts; the root of the light card entry and of server rendering.
import { useEffect, useState } from 'react';
import { ToastViewport } from '../../ui/toast';
import { CardPage } from './card-page';
import type { CardPageData } from '../../../contract/card-paths';

interface CardAppProps {
  data: CardPageData;
  /** Reloads the page's data as the logged-in viewer (friends and owners see more). */
  refresh?: () => Promise<CardPageData | null>;
}

export function CardApp({ data, refresh }: CardAppProps) {
  const [current, setCurrent] = useState(data);
  useEffect(() => {
    if (!refresh) return;
    let live = true;
    refresh()
      .then((fresh) => {
        // The server-drawn QR codes stay: the viewer's copy is read from the API, which has none.
        if (live && fresh) setCurrent({ ...fresh, qrs: fresh.qrs ?? data.qrs });
      })
      .catch(() => {
        // Keep the public card when the viewer's copy cannot be loaded (offline, expired).
      });
    return () => {
      live = false;
    };
  }, [refresh, data.qrs]);
  return (
    <>
      <CardPage data={current} />
      <ToastViewport />
    </>
  );
}
