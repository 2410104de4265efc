import type { ConnectRouter } from "@connectrpc/connect";
import { AuthService } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import type { AuthDeps } from "./auth-deps.js";
import { authorize } from "./authorize.js";
import { createKey } from "./create-key.js";
import { createWorkspace } from "./create-workspace.js";
import { getJwks } from "./get-jwks.js";
import { getWorkspace } from "./get-workspace.js";
import { listAuditEvents } from "./list-audit-events.js";
import { listKeys } from "./list-keys.js";
import { revokeKey } from "./revoke-key.js";
import { signDecision } from "./sign-decision.js";
import { signScanVerdict } from "./sign-scan-verdict.js";
import { throttlePoll } from "./throttle-poll.js";
import { verifyDecision } from "./verify-decision.js";
import { verifyScanVerdict } from "./verify-scan-verdict.js";

/** Registers every AuthService RPC, bound to `deps`, on a router. */
export function authRoutes(deps: AuthDeps): (router: ConnectRouter) => void {
  return (router) =>
    router.service(AuthService, {
      authorize: (req) => authorize(deps, req),
      throttlePoll: (req) => throttlePoll(deps, req),
      createWorkspace: (req) => createWorkspace(deps, req),
      getWorkspace: (req) => getWorkspace(deps, req),
      createKey: (req) => createKey(deps, req),
      listKeys: (req) => listKeys(deps, req),
      revokeKey: (req) => revokeKey(deps, req),
      signDecision: (req) => signDecision(deps, req),
      verifyDecision: (req) => verifyDecision(deps, req),
      signScanVerdict: (req) => signScanVerdict(deps, req),
      verifyScanVerdict: (req) => verifyScanVerdict(deps, req),
      getJwks: () => getJwks(deps),
      listAuditEvents: (req) => listAuditEvents(deps, req),
    });
}
