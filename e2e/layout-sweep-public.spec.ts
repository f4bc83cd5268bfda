// The layout sweep of the public pages (e2e/support/layout-sweep.ts).
import { sweepPublicPages } from './support/layout-sweep';

sweepPublicPages();
