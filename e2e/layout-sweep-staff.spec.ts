// The layout sweep of every screen of the staff (e2e/support/layout-sweep.ts).
import { sweepRole } from './support/layout-sweep';

sweepRole('staff');
