import { createFileRoute } from '@tanstack/react-router';
import { CardRouteScreen } from '../features/card/card-route-screen';

// Every page under /me/ (spec §2 profile family); the path is parsed by parseCardPath.
export const Route = createFileRoute('/me/$')({
  staticData: { bareLayout: true, routeName: 'me' },
  component: CardRouteScreen,
});
