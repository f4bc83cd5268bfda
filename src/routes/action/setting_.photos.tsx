import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { PhotosScreen } from '../../features/photos/photos-screen';

export const Route = createFileRoute('/action/setting_/photos')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'settingPhotos' },
  component: PhotosScreen,
});
