// Mounted once for a logged-in member (issue 30): keeps the app icon's badge equal to what is
// unread on this device, asks for persistent storage, notes the first write made offline (a
// moment to offer installing) and shows the install offer.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { showOnAppBadge, unreadTotal } from '../../sync/app-badge';
import { askForPersistentStorage } from './persistent-storage';
import { hadOfflineWrite, rememberOfflineWrite } from './install-moments';
import { InstallOffer } from './install-offer';

export function HomeScreenAgent() {
  const unread = useLiveQuery(() => unreadTotal(appDb), []);
  const [offlineWrites, setOfflineWrites] = useState(hadOfflineWrite);

  useEffect(() => {
    if (unread !== undefined) void showOnAppBadge(unread, navigator);
  }, [unread]);

  useEffect(() => {
    void askForPersistentStorage();
  }, []);

  useEffect(() => {
    if (offlineWrites) return;
    // A write queued in this page while the network is gone.
    const noteOfflineWrite = () => {
      if (navigator.onLine) return;
      rememberOfflineWrite();
      setOfflineWrites(true);
    };
    appDb.outbox.hook('creating', noteOfflineWrite);
    // This agent loads after the screen: a write made offline before it started still waits.
    if (!navigator.onLine) {
      void appDb.outbox
        .where('state')
        .equals('pending')
        .count()
        .then((waiting) => waiting > 0 && noteOfflineWrite());
    }
    return () => appDb.outbox.hook('creating').unsubscribe(noteOfflineWrite);
  }, [offlineWrites]);

  return <InstallOffer key={offlineWrites ? 'after-offline-write' : 'after-login'} />;
}
