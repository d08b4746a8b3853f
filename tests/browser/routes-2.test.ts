/** Every check of a whole route (./route-suite.ts), for the second half of the routes. */
import { routeSuite } from './route-suite';

await routeSuite(1, 2);
