import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { CvDownloadScreen } from '../../features/cv/cv-download-screen';

// The spec's route name, spelling included (§2 dowloadcv).
export const Route = createFileRoute('/action/dowloadcv')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'dowloadcv' },
  component: CvDownloadScreen,
});
