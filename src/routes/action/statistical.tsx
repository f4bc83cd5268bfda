import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';

// Spec §2: /action/statistical requires login. The statistics screen itself is not built yet.
export const Route = createFileRoute('/action/statistical')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'statistical' },
});
