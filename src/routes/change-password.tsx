import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from './-require-login';

// Spec §2: /change-password requires login. The screen belongs to the accounts area.
export const Route = createFileRoute('/change-password')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'changePassword' },
});
