import { createFileRoute } from '@tanstack/react-router';
import { NotFoundScreen } from '../ui/not-found-screen';

export const Route = createFileRoute('/$')({
  component: NotFoundScreen,
});
