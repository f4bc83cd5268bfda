import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { EditExploreScreen } from '../../features/explore/edit-explore-screen';

// Spec §2 /action/editAgencyExplore: agency admins edit the directory (decision 0810).
export const Route = createFileRoute('/action/editAgencyExplore')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'editAgencyExplore' },
  component: EditExploreScreen,
});
