import type { Endpoints } from "../../contract/endpoints";
import type { WorldRoute } from "../endpoint-route";
import type { WorldEndpointName } from "../world-endpoints";

/** One handler for every call of a world's practice API; the compiler checks none is missing. */
export type WorldRoutes = { [K in WorldEndpointName]: WorldRoute<Endpoints[K]> };
