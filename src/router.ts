import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { NotFoundScreen } from './ui/not-found-screen';

export const router = createRouter({
  routeTree,
  defaultNotFoundComponent: NotFoundScreen,
  scrollRestoration: false,
  defaultPreload: 'intent',
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
