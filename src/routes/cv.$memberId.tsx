import { createFileRoute } from '@tanstack/react-router';
import { CvPublicScreen } from '../features/cv/cv-public-screen';

// Public: no login needed; what is shown follows the owner's choice (decision 0711).
export const Route = createFileRoute('/cv/$memberId')({
  staticData: { routeName: 'cv' },
  component: CvRoute,
});

function CvRoute() {
  const { memberId } = Route.useParams();
  return <CvPublicScreen memberId={memberId} />;
}
