import { createFileRoute } from '@tanstack/react-router';
import { CardRouteScreen } from '../features/card/card-route-screen';

// Every page under /new-me/ (spec §2 profile family); the path is parsed by parseCardPath.
export const Route = createFileRoute('/new-me/$')({
  staticData: { bareLayout: true, routeName: 'newMe' },
  component: CardRouteScreen,
});
