import { useQuery } from '@tanstack/react-query';
import { authProviders } from './auth-api';

/** Which outside logins the server has configured (the Facebook button is hidden otherwise). */
export function useAuthProviders() {
  return useQuery({ queryKey: ['auth', 'providers'], queryFn: authProviders, staleTime: 3600_000 });
}
