import { createFileRoute } from '@tanstack/react-router';
import { CardRouteScreen } from '../features/card/card-route-screen';

// Every page under /new-mbg/ (spec §2 profile family); the path is parsed by parseCardPath.
export const Route = createFileRoute('/new-mbg/$')({
  staticData: { bareLayout: true, routeName: 'newMbg' },
  component: CardRouteScreen,
});
