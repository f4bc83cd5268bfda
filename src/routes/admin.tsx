import { Outlet, createFileRoute } from '@tanstack/react-router';
import { requireLogin } from './-require-login';

// Spec §2: /admin is login-required and has no children yet.
export const Route = createFileRoute('/admin')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'admin' },
  component: Outlet,
});
