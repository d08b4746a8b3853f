/** Every check of a whole route (./route-suite.ts), for the first half of the routes. */
import { routeSuite } from './route-suite';

await routeSuite(0, 2);
