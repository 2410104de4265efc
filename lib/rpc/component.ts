import type { ConnectRouter } from "@connectrpc/connect";

/**
 * A service wired to its adapters, ready to be served over gRPC or mounted
 * in-process behind the gateway. Built by each service's `compose.ts`.
 */
export interface Component {
  /** Fully-qualified protobuf service names, for the health protocol. */
  serviceNames: readonly string[];
  /** Registers the service's RPCs on a router. */
  routes(router: ConnectRouter): void;
  /**
   * Resolves true when the dependencies the component cannot serve without
   * answer (its store). The event bus is not one of them: without it the
   * component serves, with more latency (see `busConnected`).
   */
  ready(): Promise<boolean>;
  /** Whether the component's event bus reaches the other replicas; absent without a bus. */
  busConnected?(): boolean;
  /** Stops background work and releases connections. */
  close(): Promise<void>;
}
