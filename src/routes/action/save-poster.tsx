import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';

// Spec §2 /action/save-poster: the poster editor is the content screen of kind poster.
export const Route = createFileRoute('/action/save-poster')({
  beforeLoad: (context) => {
    requireLogin(context);
    throw redirect({ to: '/action/content/$kind', params: { kind: 'poster' }, replace: true });
  },
  staticData: { routeName: 'save-poster' },
});
