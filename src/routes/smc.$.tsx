import { createFileRoute } from '@tanstack/react-router';
import { CardRouteScreen } from '../features/card/card-route-screen';

// A short link of a member or a brand (spec §2 route name smc, param urlMinify).
export const Route = createFileRoute('/smc/$')({
  staticData: { bareLayout: true, routeName: 'smc' },
  component: CardRouteScreen,
});
