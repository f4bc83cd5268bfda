import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordScreen } from '../features/auth/change-password-screen';
import { requireLogin } from './-require-login';

// Spec §2: /change-password requires login.
export const Route = createFileRoute('/change-password')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'changePassword' },
  component: ChangePasswordScreen,
});
