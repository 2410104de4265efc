import type { GatewayClients } from "../../clients.js";

/** What route factories need. */
export interface RouteDeps {
  clients: GatewayClients;
}
