import { createFileRoute } from '@tanstack/react-router';
import { requireLogin } from '../-require-login';
import { MemberHubGroups } from '../../features/member-menu/member-links';
import { MemberHome } from '../../features/profile/member-home';
import { OwnCardPreview } from '../../features/card/card-preview';

// The member's home in the app (where login lands); the spec's /action screens hang below it.
export const Route = createFileRoute('/action/')({
  beforeLoad: requireLogin,
  staticData: { routeName: 'action' },
  component: () => (
    <MemberHome
      renderPreview={(profile) => <OwnCardPreview profile={profile} />}
      hub={<MemberHubGroups />}
    />
  ),
});
