import { createFileRoute, redirect } from '@tanstack/react-router';
import { requireLogin } from './-require-login';

// The installed app's start_url (src/app-manifest.ts): on to the start screen of the role.
export const Route = createFileRoute('/start')({
  beforeLoad: async (context) => {
    requireLogin(context);
    const { startPathForRole } = await import('../features/home-screen/start-screen');
    throw redirect({ href: await startPathForRole(), replace: true });
  },
  staticData: { routeName: 'start' },
});
