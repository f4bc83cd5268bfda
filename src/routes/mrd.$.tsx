import { createFileRoute } from '@tanstack/react-router';
import { CardRouteScreen } from '../features/card/card-route-screen';

// Every page under /mrd/ (spec §2 profile family); the path is parsed by parseCardPath.
export const Route = createFileRoute('/mrd/$')({
  staticData: { bareLayout: true, routeName: 'mrd' },
  component: CardRouteScreen,
});
