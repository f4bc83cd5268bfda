import { createFileRoute } from '@tanstack/react-router';
import { VerifyCardScreen } from '../features/auth/verify-card-screen';

export const Route = createFileRoute('/verify/$id')({
  staticData: { routeName: 'verify' },
  component: function VerifyRoute() {
    const { id } = Route.useParams();
    return <VerifyCardScreen cardId={id} />;
  },
});
