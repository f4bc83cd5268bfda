import { createFileRoute } from '@tanstack/react-router';
import { CardRouteScreen } from '../features/card/card-route-screen';

// Every page under /fme/ (spec §2 profile family); the path is parsed by parseCardPath.
export const Route = createFileRoute('/fme/$')({
  staticData: { bareLayout: true, routeName: 'fme' },
  component: CardRouteScreen,
});
