import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { CvFormScreen } from '../../features/cv/cv-form-screen';

export const Route = createFileRoute('/action/createCv')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'createCv' },
  component: CvFormScreen,
});
