import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen';
import { skipLoginWhenLoggedIn, validateLoginSearch } from '../features/auth/login-route';

export const Route = createFileRoute('/')({
  validateSearch: validateLoginSearch,
  beforeLoad: skipLoginWhenLoggedIn,
  staticData: { routeName: 'home' },
  component: function IndexRoute() {
    const { redirect } = Route.useSearch();
    return <LoginScreen redirect={redirect} />;
  },
});
