import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { JobDiaryScreen } from '../../features/job-diary/job-diary-screen';

export const Route = createFileRoute('/action/jobDiary')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'jobDiary' },
  component: JobDiaryScreen,
});
