import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { DiscountScreen } from '../../features/discounts/discount-screen';

// Spec §2 /action/discount (decision 0810).
export const Route = createFileRoute('/action/discount')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'discount' },
  component: DiscountScreen,
});
