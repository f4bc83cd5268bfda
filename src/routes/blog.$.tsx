import { createFileRoute } from '@tanstack/react-router';
import { CardRouteScreen } from '../features/card/card-route-screen';

// Every page under /blog/ (spec §2 profile family); the path is parsed by parseCardPath.
export const Route = createFileRoute('/blog/$')({
  staticData: { bareLayout: true, routeName: 'blog' },
  component: CardRouteScreen,
});
