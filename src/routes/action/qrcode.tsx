import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { MyQrScreen } from '../../features/qr/my-qr-screen';

export const Route = createFileRoute('/action/qrcode')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'qrcode' },
  component: MyQrScreen,
});
