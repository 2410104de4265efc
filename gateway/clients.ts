import type { Client, Transport } from "@connectrpc/connect";
import { createRpcClient } from "../lib/rpc/create-rpc-client.js";
import { AuthService } from "../gen/gatehouse/auth/v1/auth_pb.js";
import { GovernService } from "../gen/gatehouse/govern/v1/govern_pb.js";
import { SecureService } from "../gen/gatehouse/secure/v1/secure_pb.js";
import { Health } from "../gen/grpc/health/v1/health_pb.js";

/** How the gateway reaches each service: in-process or over gRPC. */
export interface GatewayTransports {
  auth: Transport;
  secure: Transport;
  govern: Transport;
}

/** A backend service the gateway depends on, for readiness. */
export interface Backend {
  name: string;
  /** Fully-qualified service name to ask the health protocol about. */
  service: string;
  health: Client<typeof Health>;
}

/** Typed clients of the services the gateway fronts. */
export interface GatewayClients {
  auth: Client<typeof AuthService>;
  secure: Client<typeof SecureService>;
  govern: Client<typeof GovernService>;
  backends: Backend[];
}

/** Creates the service clients over the given transports. */
export function createGatewayClients(t: GatewayTransports): GatewayClients {
  return {
    auth: createRpcClient(AuthService, t.auth),
    secure: createRpcClient(SecureService, t.secure),
    govern: createRpcClient(GovernService, t.govern),
    backends: [
      { name: "auth", service: AuthService.typeName, health: createRpcClient(Health, t.auth) },
      { name: "secure", service: SecureService.typeName, health: createRpcClient(Health, t.secure) },
      { name: "govern", service: GovernService.typeName, health: createRpcClient(Health, t.govern) },
    ],
  };
}
