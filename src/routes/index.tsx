import { createFileRoute } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';

export const Route = createFileRoute('/')({
  component: HomeScreen,
});

function HomeScreen() {
  return (
    <main className="center-screen">
      <h1>m.e Cards</h1>
      <p>
        <Trans>Danh thiếp thông minh</Trans>
      </p>
    </main>
  );
}
