import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { ProfileEditorScreen } from '../../features/profile/profile-editor-screen';
import { OwnCardPreview } from '../../features/card/card-preview';
import { StorageStatus } from '../../features/home-screen/storage-status';

// The editor shows the card feature's own rendering of the card (features do not import each other).
export const Route = createFileRoute('/action/setting/')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'setting' },
  component: () => (
    <ProfileEditorScreen
      renderPreview={(profile) => <OwnCardPreview profile={profile} />}
      deviceSettings={<StorageStatus />}
    />
  ),
});
