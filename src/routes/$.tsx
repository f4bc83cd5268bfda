import { createFileRoute } from '@tanstack/react-router';
import { CatchAllScreen } from '../ui/catch-all-screen';

export const Route = createFileRoute('/$')({
  component: CatchAllScreen,
});
