import { createFileRoute } from '@tanstack/react-router';
import { ScanScreen } from '../features/qr/scan-screen';

// Spec §2: public /scan-qr with query isCreatePoint.
export const Route = createFileRoute('/scan-qr')({
  staticData: { routeName: 'scanQr' },
  validateSearch: (search: Record<string, unknown>): { isCreatePoint?: boolean } =>
    search.isCreatePoint === true || search.isCreatePoint === 'true' || search.isCreatePoint === 1
      ? { isCreatePoint: true }
      : {},
  component: ScanQrRoute,
});

function ScanQrRoute() {
  const { isCreatePoint } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ScanScreen
      isCreatePoint={isCreatePoint === true}
      onCreatePoint={(memberId) =>
        void navigate({ to: '/action/createPoint', search: { memberId } })
      }
    />
  );
}
