import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetScreen } from '../features/auth/password-reset-screen';

export const Route = createFileRoute('/password-reset/$token')({
  staticData: { routeName: 'passwordReset' },
  component: function PasswordResetRoute() {
    const { token } = Route.useParams();
    return <PasswordResetScreen token={token} />;
  },
});
