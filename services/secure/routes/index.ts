import type { ConnectRouter } from "@connectrpc/connect";
import { SecureService } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { createRule } from "./create-rule.js";
import { getRule } from "./get-rule.js";
import { listLibraries } from "./list-libraries.js";
import { listRules } from "./list-rules.js";
import type { SecureDeps } from "./secure-deps.js";
import { updateRule } from "./update-rule.js";

export type { SecureDeps } from "./secure-deps.js";

/**
 * Registers the rule and catalogue RPCs of `SecureService`. `Scan` is not
 * implemented here, so Connect answers it with Unimplemented.
 */
export function secureRoutes(deps: SecureDeps): (router: ConnectRouter) => void {
  return (router) =>
    router.service(SecureService, {
      createRule: createRule(deps),
      getRule: getRule(deps),
      listRules: listRules(deps),
      updateRule: updateRule(deps),
      listLibraries: listLibraries(),
    });
}
