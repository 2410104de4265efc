import type { ConnectRouter } from "@connectrpc/connect";
import { SecureService } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { createRule } from "./create-rule.js";
import { getRule } from "./get-rule.js";
import { listLibraries } from "./list-libraries.js";
import { listRules } from "./list-rules.js";
import { scan } from "./scan.js";
import type { SecureDeps } from "./secure-deps.js";
import { testRule } from "./test-rule.js";
import { tryRule } from "./try-rule.js";
import { updateRule } from "./update-rule.js";

export type { SecureDeps } from "./secure-deps.js";

/** Registers every RPC of `SecureService`: rules, the pattern-library catalogue, scans and rule trials (by ID, and the rehearsal of a stored or unsaved rule). */
export function secureRoutes(deps: SecureDeps): (router: ConnectRouter) => void {
  return (router) =>
    router.service(SecureService, {
      createRule: createRule(deps),
      getRule: getRule(deps),
      listRules: listRules(deps),
      updateRule: updateRule(deps),
      listLibraries: listLibraries(),
      scan: scan(deps),
      tryRule: tryRule(deps),
      testRule: testRule(deps),
    });
}
